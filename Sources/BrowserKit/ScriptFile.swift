import Foundation

/// A script of commands read from a file (`-f FILE`): one statement per line, as typed in the REPL.
public enum ScriptFile {
    /// The file's lines (without their line ends; a final line end adds no empty line).
    public static func lines(atPath path: String) throws(BrowserError) -> [String] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .invalidInput(path: path, reason: "cannot read the script (\(Self.reason(error)))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .invalidInput(path: path, reason: "the script is not UTF-8 text")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let message = strerror(Int32(underlying.code)) {
            return String(cString: message)
        }
        return nsError.code == NSFileReadNoSuchFileError ? "no such file" : "read error"
    }
}
