import RealmFormat
import RealmInterchange

/// Errors a command reports to the user. Each says what was wrong and, where it can, what to
/// type instead; none of them ends the session.
public enum BrowserError: Error, CustomStringConvertible, Equatable {
    case noFileOpen
    case unknownCommand(String, suggestion: String?)
    case usage(String)
    /// A command that is right but cannot run now (no transaction to commit, no earlier place
    /// to go back to): not a usage mistake, so no "usage:" in front.
    case notNow(String)
    case unknownClass(String, suggestion: String?)
    case unknownProperty(className: String, name: String)
    case positionOutOfRange(className: String, position: Int, count: Int)
    case noSuchObject(className: String, address: String)
    case invalidAddress(String, reason: String)
    case invalidRange(String)
    case noMoreRows
    case file(RealmFormatError)
    case cannotWrite(path: String, reason: String)
    /// Staged changes would be lost by the action.
    case pendingChanges(count: Int, action: String)
    /// A value that does not fit the property it is written to.
    case invalidValue(String)
    /// An input file (a dump to load) that is not what the command needs.
    case invalidInput(path: String, reason: String)
    /// A query Realm would reject, already rendered with a caret under the problem.
    case query(String)
    /// A value literal (after `=` in set, update, create) that cannot be read, rendered with a
    /// caret like a query.
    case invalidLiteral(String)
    /// Another process kept committing while a command read the file.
    case fileChanged(path: String, attempts: Int)
    /// Ctrl-C stopped the command (`CommandInterrupts`): its output files were not written,
    /// staged changes are as they were before it.
    case interrupted

    public var description: String {
        switch self {
        case .noFileOpen:
            return "no Realm file is open; use: open FILE"
        case let .unknownCommand(name, suggestion):
            return "unknown command '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "") + " (type 'help' for the list)"
        case let .usage(text):
            return "usage: \(text)"
        case let .notNow(text):
            return text
        case let .unknownClass(name, suggestion):
            return "no class named '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "") + " (type 'classes' to list them)"
        case let .unknownProperty(className, name):
            return "class '\(className)' has no property '\(name)' (type 'schema \(className)' to list them)"
        case let .positionOutOfRange(className, position, count):
            if count == 0 { return "\(className) has no objects, so there is no \(className)[\(position)]" }
            return "\(className)[\(position)] is out of range: positions run from 0 to \(count - 1)"
        case let .noSuchObject(className, address):
            return "no \(className) object with \(address)"
        case let .invalidAddress(text, reason):
            return "cannot read object address '\(text)': \(reason)"
        case let .invalidRange(text):
            return "cannot read range '\(text)': write FROM..TO (TO excluded), e.g. 20..40"
        case .noMoreRows:
            return "nothing more to show; 'show CLASS' starts a new listing"
        case let .file(error):
            if case .encryptedWithoutKey = error {
                return error.description + "; give it with --key-file FILE or REALM_BROWSER_KEY (or --key HEX), "
                    + "in the REPL: open FILE --key-file FILE"
            }
            return error.description
        case let .query(text):
            return "invalid query:\n" + text
        case let .invalidLiteral(text):
            return "cannot read the value:\n" + text
        case let .pendingChanges(count, action):
            return "\(count) pending change\(count == 1 ? "" : "s") would be lost by \(action): 'commit' or 'rollback' first" + (action == "quitting" ? " (or 'quit!' to drop them)" : "")
        case let .invalidValue(message):
            return message
        case let .invalidInput(path, reason):
            return "cannot use \(path): \(reason)"
        case let .fileChanged(path, attempts):
            return "\(path) changed while it was read" + (attempts > 1 ? " (\(attempts) times in a row)" : "") + "; nothing was written, try again"
        case let .cannotWrite(path, reason):
            return "cannot write \(path): \(reason)"
        case .interrupted:
            return "interrupted"
        }
    }
}
extension BrowserError: CarriesFileErrors {}

/// Runs `work`, which reads the file, reporting its failure as the command's error.
func readingFile<T>(_ work: () throws(RealmFormatError) -> T) throws(BrowserError) -> T {
    try BrowserError.reading(work)
}

extension BrowserError {
    /// An interchange error as the command reports it: the same case, the same words.
    public init(_ error: InterchangeError) {
        switch error {
        case let .invalidInput(path, reason): self = .invalidInput(path: path, reason: reason)
        case let .cannotWrite(path, reason): self = .cannotWrite(path: path, reason: reason)
        case let .unknownProperty(className, name): self = .unknownProperty(className: className, name: name)
        case let .file(error): self = .file(error)
        case .interrupted: self = .interrupted
        }
    }
}

/// Runs `work`, which reads or writes JSON, CSV or SQLite, reporting its failure as the
/// command's error (also `serve`'s, which answers with it).
public func interchanging<T>(_ work: () throws(InterchangeError) -> T) throws(BrowserError) -> T {
    do {
        return try work()
    } catch {
        throw BrowserError(error)
    }
}
