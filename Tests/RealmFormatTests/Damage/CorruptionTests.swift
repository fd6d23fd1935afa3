import Foundation
import RealmFormat
import TestSupport
import Testing

/// Damaged files must end in a `RealmFormatError`, never in a trap or a hang.
///
/// Users open files that were truncated by a full disk, half-copied, or are not Realm files at
/// all; the browser must report that, not crash. Each case reads the damaged copy completely
/// (see `ExhaustiveReader`) on its own thread with a time limit (see `CorruptionHarness`, also
/// for how to find the case when one traps).
@Suite("Corrupt files")
struct CorruptionTests {
    /// Fixed, so failures reproduce; each fixture mixes in its name (see `SplitMix64`).
    static let seed: UInt64 = 0x5EED_2026_0001

    /// The realm-core-written fixtures, alltypes.realm (every value type, nested collections,
    /// backlinks) and realm-core's legacy upgrade-test files (formats 20-23: legacy dictionary
    /// and set layouts, node-size-4 cluster trees), as paths relative to the fixtures folder.
    static let fixtures = Fixtures.goldenNames + ["alltypes"] + LegacyFileTests.names.map { "legacy/\($0)" }

    /// How hard to exercise each fixture. big.realm is 21 MB with 200,000 objects, so its cases
    /// read a bounded number of objects per table (every table is still read, and random access
    /// still reaches the middle and the end) and it gets fewer flips. A full read of alltypes.realm
    /// (every value type, every collection element) takes about 30 ms in a debug build and
    /// test_upgrade_database_1000_23 about 15 ms, and the other legacy files are a few KB, so
    /// those get fewer flips to keep the whole run well under a minute.
    /// `REALM_FORMAT_FLIP_FACTOR=N` multiplies the flip counts for a deeper local fuzzing run.
    static func plan(for fixture: String) -> (flips: Int, objectsPerTable: Int?) {
        let factor = ProcessInfo.processInfo.environment["REALM_FORMAT_FLIP_FACTOR"].flatMap { Int($0) } ?? 1
        switch fixture {
        case "big": return (flips: 60 * factor, objectsPerTable: 1024)
        case "alltypes": return (flips: 200 * factor, objectsPerTable: nil)
        case _ where fixture.hasPrefix("legacy/"): return (flips: 150 * factor, objectsPerTable: nil)
        default: return (flips: 300 * factor, objectsPerTable: nil)
        }
    }

    @Test("the pristine fixtures read completely through the corruption harness",
          .enabled(if: Fixtures.shouldRun, Fixtures.skipComment), arguments: CorruptionTests.fixtures)
    func pristineReadCompletes(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let budget = CorruptionTests.plan(for: fixture).objectsPerTable
        let outcome = try #require(CorruptionHarness.run("\(fixture) pristine", path: Fixtures.realmPath(fixture),
                                                         objectsPerTable: budget))
        guard case let .completed(valuesRead) = outcome else {
            Issue.record("\(fixture): the undamaged file did not read completely: \(outcome)")
            return
        }
        #expect(valuesRead > 0)
    }

    @Test("missing files, directories and non-Realm files throw the documented errors")
    func deterministicOpenErrors() throws {
        let missing = FileManager.default.temporaryDirectory
            .appendingPathComponent("no-such-\(UUID().uuidString).realm").path
        let missingError = #expect(throws: RealmFormatError.self) { try RealmFile(path: missing) }
        #expect(missingError.map(CorruptionTests.isCannotOpen) == true, "missing file: \(String(describing: missingError))")

        let directoryError = #expect(throws: RealmFormatError.self) {
            try RealmFile(path: FileManager.default.temporaryDirectory.path)
        }
        #expect(directoryError.map(CorruptionTests.isCannotOpen) == true, "directory: \(String(describing: directoryError))")

        let empty = try TemporaryRealmCopy(bytes: [], name: "empty")
        defer { empty.remove() }
        let emptyError = #expect(throws: RealmFormatError.self) { try RealmFile(path: empty.path) }
        #expect(emptyError.map(CorruptionTests.isNotARealmFile) == true,
                "zero-length file: \(String(describing: emptyError))")
        #expect(emptyError?.description.isEmpty == false)

        let textBytes = Array(String(repeating: "not a realm file\n", count: 10).utf8)
        let text = try TemporaryRealmCopy(bytes: textBytes, name: "text")
        defer { text.remove() }
        let textError = #expect(throws: RealmFormatError.self) { try RealmFile(path: text.path) }
        #expect(textError.map(CorruptionTests.isNotARealmFile) == true, "text file: \(String(describing: textError))")
    }

    @Test("truncated files and broken headers are rejected or read, never crash",
          .enabled(if: Fixtures.shouldRun, Fixtures.skipComment), arguments: CorruptionTests.fixtures)
    func truncationsAndHeaders(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let original = try Fixtures.bytes(fixture)
        let header = try #require(RawHeader(original))
        let budget = CorruptionTests.plan(for: fixture).objectsPerTable
        let size = original.count
        var cases = 0

        for length in [0, 10, 23, 24, 100, size / 2, size - 8, size - 1] {
            let copy = try TemporaryRealmCopy(bytes: Array(original.prefix(length)), name: "\(fixture)-truncated")
            defer { copy.remove() }
            let label = "\(fixture) truncated to \(length) bytes"
            guard let outcome = CorruptionHarness.run(label, path: copy.path, objectsPerTable: budget) else { return }
            cases += 1
            if length < 24 {
                #expect(outcome.isNotARealmFile, "\(fixture) truncated to \(length): \(outcome)")
            } else if header.isStreamingForm {
                // The footer holding the top ref is gone with the file's end.
                #expect(outcome.isRejected, "\(fixture) (streaming form) truncated to \(length): \(outcome)")
            } else if header.selectedTopRef > UInt64(length - 8) {
                // The live top array lies past the new end of file, so there is nothing valid to read.
                #expect(outcome.isRejected, "\(fixture) truncated to \(length) before its top ref: \(outcome)")
            }
        }

        var zeroed = original
        zeroed.replaceSubrange(0..<24, with: repeatElement(0, count: 24))
        var wrongMnemonic = original
        wrongMnemonic[19] = UInt8(ascii: "C")  // "T-DC"
        var otherSlot = original
        otherSlot[23] ^= 1  // the previous commit's top ref: valid or not, it must not crash
        for (label, bytes, mustBeNotARealm) in [("header zeroed", zeroed, true), ("wrong mnemonic", wrongMnemonic, true),
                                                ("select bit flipped", otherSlot, false)] {
            let copy = try TemporaryRealmCopy(bytes: bytes, name: "\(fixture)-header")
            defer { copy.remove() }
            let caseLabel = "\(fixture) \(label)"
            guard let outcome = CorruptionHarness.run(caseLabel, path: copy.path, objectsPerTable: budget) else { return }
            cases += 1
            if mustBeNotARealm {
                #expect(outcome.isNotARealmFile, "\(fixture) \(label): \(outcome)")
            }
        }
        #expect(cases == 11)
    }

    @Test("random single-byte corruptions in the node area are rejected or read, never crash",
          .enabled(if: Fixtures.shouldRun, Fixtures.skipComment), arguments: CorruptionTests.fixtures)
    func randomByteFlips(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let original = try Fixtures.bytes(fixture)
        try flipBytes(of: original, fixture: fixture, kind: "flip") { random in
            24 + random.next(below: original.count - 24)
        }
    }

    /// Uniform flips mostly land in free space or in value bytes, which a reader survives
    /// trivially. These flips target structure instead: node headers (flags, width, size) and the
    /// first slots of the payload (refs, tagged counts), found by realm-core's "AAAA" node
    /// signature at 8-byte aligned offsets (spec §2.1), independently of the reader under test.
    @Test("single-byte corruptions of node headers and first slots are rejected or read, never crash",
          .enabled(if: Fixtures.shouldRun, Fixtures.skipComment), arguments: CorruptionTests.fixtures)
    func nodeHeaderFlips(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let original = try Fixtures.bytes(fixture)
        let nodes = RawNode.all(in: original).filter { $0.payloadOffset + 8 <= original.count }
        try #require(nodes.count > 10, "\(fixture): no node signatures found")
        try flipBytes(of: original, fixture: fixture, kind: "node flip") { random in
            nodes[random.next(below: nodes.count)].flagsOffset + random.next(below: 12)
        }
    }

    /// Applies `plan.flips` single-byte XORs at offsets chosen by `pickOffset`, one at a time,
    /// each read in full by `CorruptionHarness.run`.
    private func flipBytes(of original: [UInt8], fixture: String, kind: String,
                           pickOffset: (inout SplitMix64) -> Int) throws {
        let plan = CorruptionTests.plan(for: fixture)
        let copy = try TemporaryRealmCopy(bytes: original, name: "\(fixture)-flipped")
        defer { copy.remove() }
        var random = SplitMix64(seed: CorruptionTests.seed, name: "\(kind) \(fixture)")
        var completed = 0
        var rejected = 0
        for flip in 0..<plan.flips {
            let offset = pickOffset(&random)
            let mask = UInt8(1 + random.next(below: 255))
            try copy.patch(offset: offset, byte: original[offset] ^ mask)
            let label = "\(fixture) \(kind) \(flip): byte \(offset) ^= 0x\(String(mask, radix: 16))"
            guard let outcome = CorruptionHarness.run(label, path: copy.path, objectsPerTable: plan.objectsPerTable) else {
                return
            }
            try copy.patch(offset: offset, byte: original[offset])
            switch outcome {
            case .completed: completed += 1
            case .rejected: rejected += 1
            case .unexpectedError: break
            }
        }
        #expect(completed + rejected == plan.flips, "\(fixture) \(kind)s: \(completed) read, \(rejected) rejected")
    }

    private static func isNotARealmFile(_ error: RealmFormatError) -> Bool {
        if case .notARealmFile = error { return true }
        return false
    }

    private static func isCannotOpen(_ error: RealmFormatError) -> Bool {
        if case .cannotOpen = error { return true }
        return false
    }
}
