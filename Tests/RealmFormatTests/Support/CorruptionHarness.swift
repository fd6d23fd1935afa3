import Foundation
import TestSupport
import RealmFormat
import Testing

/// Runs one damaged-file case: a full read on its own thread under a time limit, with an issue
/// recorded for anything but a clean read or a described `RealmFormatError`.
///
/// A trap ends the whole test process, so set `REALM_FORMAT_TRACE_CORRUPTION=1` to print every
/// case before it runs: the last printed line then names the fixture and the bytes that crashed.
enum CorruptionHarness {
    /// No single read of these files takes more than a fraction of a second when healthy; the
    /// limit only tells a hang from a slow machine.
    static let caseTimeLimit = Patience.seconds

    /// The outcome, or nil after a timeout, in which case the caller must stop (the abandoned
    /// thread may still be reading the file).
    static func run(_ label: String, path: String, objectsPerTable: Int?,
                    sourceLocation: SourceLocation = #_sourceLocation) -> ReadOutcome? {
        if ProcessInfo.processInfo.environment["REALM_FORMAT_TRACE_CORRUPTION"] == "1" {
            FileHandle.standardError.write(Data("corruption case: \(label)\n".utf8))
        }
        guard let outcome = TimeBound.run(seconds: caseTimeLimit, {
            ExhaustiveReader.read(path: path, objectsPerTable: objectsPerTable)
        }) else {
            Issue.record("\(label): reading did not finish within \(caseTimeLimit) s (hang?)", sourceLocation: sourceLocation)
            return nil
        }
        switch outcome {
        case .completed:
            break
        case let .rejected(error):
            #expect(!error.description.isEmpty, "\(label): RealmFormatError with an empty description",
                    sourceLocation: sourceLocation)
        case let .unexpectedError(text):
            Issue.record("\(label): an error other than RealmFormatError escaped: \(text)", sourceLocation: sourceLocation)
        }
        // Wherever a full read (not big.realm's budgeted one) rejects the file, verify must end
        // and find the damage too.
        if objectsPerTable == nil, outcome.isRejected {
            guard let problems = TimeBound.run(seconds: caseTimeLimit, { verificationProblems(path: path) }) else {
                Issue.record("\(label): verify did not finish within \(caseTimeLimit) s (hang?)", sourceLocation: sourceLocation)
                return nil
            }
            if outcome.isRejected, let problems, problems.isEmpty {
                Issue.record("\(label): reading rejects the file (\(outcome)) but verify says OK", sourceLocation: sourceLocation)
            }
        }
        return outcome
    }

    /// verify's problems, or nil when the file does not open for a reason that is not its
    /// structure (then reading failed the same way).
    static func verificationProblems(path: String) -> [VerificationProblem]? {
        do {
            return FileVerifier(file: try RealmFile(path: path)).verify().problems
        } catch {
            return FileVerifier.unopenable(path: path, error: error)?.problems
        }
    }
}
