import RealmShell
import RealmFormat

/// `/api/files` (several files only): what the page's file switcher lists, each file by its
/// index in the list made at start (the only way a request names a file), with its name, size
/// and number of classes, whether it can be written, and why it could not be opened.
enum ServedFileList {
    static func json(_ files: [ServedFile]) -> HTTPResponse {
        let entries = files.map { file in
            var members = ["\"index\": \(file.index)", "\"name\": \(ServeAPI.string(file.name))",
                           "\"size\": \(file.size.map(String.init) ?? "null")", "\"writable\": \(file.writable)"]
            if let api = file.api {
                members.append("\"classes\": \(api.classCount().map(String.init) ?? "null")")
            }
            if let problem = file.problem { members.append("\"problem\": \(ServeAPI.string(problem))") }
            return "{" + members.joined(separator: ", ") + "}"
        }
        return .json("{\"files\": [" + entries.joined(separator: ", ") + "]}")
    }
}

extension ServeAPI {
    /// The number of classes the sidebar lists (internal tables left out), read as any answer is.
    func classCount() -> Int? {
        var count: Int?
        _ = answer { () throws(BrowserError) -> String in
            count = ClassesCommand.rows(of: try session.requireCatalog(), all: false).count
            return ""
        }
        return count
    }
}
