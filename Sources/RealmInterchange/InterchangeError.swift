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

/// Told how far long work has come (objects exported), for a progress bar the caller draws.
public protocol ProgressListener: AnyObject {
    func update(_ done: Int)
}

extension Cancellation {
    /// A check for loops over records rather than leaves (import): every 256th index.
    public static func check(atRecord index: Int) throws(InterchangeError) {
        guard index & 255 == 0 else { return }
        do { try check() } catch { throw .interrupted }
    }
}

extension String {
    /// The text without leading and trailing whitespace (newlines included).
    public func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}

/// The text of floating-point numbers in exports and on screen: Swift's shortest form that
/// reads back as the same number, `nan`, `inf` or `-inf`.
public enum NumberText {
    public static func text(of number: Float) -> String {
        number.isNaN ? "nan" : number.isInfinite ? (number < 0 ? "-inf" : "inf") : "\(number)"
    }

    public static func text(of number: Double) -> String {
        number.isNaN ? "nan" : number.isInfinite ? (number < 0 ? "-inf" : "inf") : "\(number)"
    }
}
