import RealmShell
import RealmFormat
import RealmInterchange

/// A listing's rows as JSON objects, for an answer of `serve`: what the REPL's json mode prints
/// for the same rows, built from the same cells (no output mode switched, nothing parsed back).
final class JSONRows: RowSink {
    let columns: [OutputColumn]
    private(set) var objects: [String] = []

    init(columns: [OutputColumn]) {
        self.columns = columns
    }

    var wantsJSON: Bool { true }

    func add(_ cells: [Cell], json: String?) {
        objects.append(json ?? RowPrinter.jsonObject(columns, cells))
    }

    func finish(notes: [String]) {}

    /// `[{...}, {...}]`
    var array: String { "[" + objects.joined(separator: ", ") + "]" }
}
