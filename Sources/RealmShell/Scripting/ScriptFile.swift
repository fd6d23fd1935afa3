import Foundation
import RealmInterchange

/// A script of commands read from a file (`-f FILE`): one statement per line, as typed in the REPL.
public enum ScriptFile {
    /// The file's lines (without their line ends; a final line end adds no empty line).
    public static func lines(atPath path: String) throws(BrowserError) -> [String] {
        let data = try interchanging { () throws(InterchangeError) in try InputFile.contents(of: path, what: "the script") }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .invalidInput(path: path, reason: "the script is not UTF-8 text")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
