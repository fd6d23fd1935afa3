import RealmInterchange

/// Where one listing's rows go. Renderers describe each row once as cells (the text people
/// read and the JSON programs read) and never know who takes them: the REPL's `RowPrinter`
/// prints them in the session's output mode, `serve` turns them into its JSON answers.
public protocol RowSink: AnyObject {
    /// Whether the rows are read as JSON, so a renderer can skip building their text.
    var wantsJSON: Bool { get }
    /// Adds a row; `json` replaces the object the sink would build from the columns and the
    /// cells' JSON (objects in the canonical encoding of the dumps).
    func add(_ cells: [Cell], json: String?)
    /// Ends the rows; `notes` are for people (page footers, hints).
    func finish(notes: [String])
}

extension RowSink {
    public func add(_ cells: [Cell]) { add(cells, json: nil) }
    public func finish() { finish(notes: []) }
}
