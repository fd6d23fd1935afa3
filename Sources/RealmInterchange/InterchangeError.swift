import RealmFormat

/// What reading or writing a realm's data as JSON or CSV can run into. Each says what was
/// wrong and where; the shell reports them as its own errors, word for word.
public enum InterchangeError: Error, CarriesFileErrors, Equatable, CustomStringConvertible {
    /// An input file (a dump to load, a CSV or JSON file to import) that is not what is needed.
    case invalidInput(path: String, reason: String)
    /// An output file that could not be written; the file it would replace is untouched.
    case cannotWrite(path: String, reason: String)
    /// An imported column names a property the class does not have.
    case unknownProperty(className: String, name: String)
    /// The realm itself could not be read.
    case file(RealmFormatError)
    /// Cancellation (Ctrl-C) stopped the work; nothing was written.
    case interrupted

    public var description: String {
        switch self {
        case let .invalidInput(path, reason): return "\(path): \(reason)"
        case let .cannotWrite(path, reason): return "cannot write \(path): \(reason)"
        case let .unknownProperty(className, name): return "\(className) has no property '\(name)'"
        case let .file(error): return "\(error)"
        case .interrupted: return "interrupted"
        }
    }
}

extension Cancellation {
    /// A check for loops over records rather than leaves (import): every 256th index.
    public static func check(atRecord index: Int) throws(InterchangeError) {
        guard index & 255 == 0 else { return }
        do { try check() } catch { throw .interrupted }
    }
}
