import RealmInterchange

/// Where a listing of objects goes, one row per object: the REPL's `ObjectRowPrinter`, or
/// `serve`'s page of objects (their canonical JSON and the text of each value).
public protocol ObjectRowSink {
    func add(label: String, object: ObjectHandle) throws(BrowserError)
    func finish(notes: [String])
}
