import RealmDiff
import RealmFormat
import RealmInterchange

/// `diff` for people: the schema changes, then each class's changed, added and removed objects
/// (`~`, `+`, `-` as in a unified diff), values in the words of `show`, then a summary table.
/// Identical files get one line saying so. Objects are named by an address `show` accepts in
/// either file: `Item[id = 42]` when matched by primary key, `Task[_key = 3]` otherwise.
final class DiffTextRenderer: DiffReceiver {
    let a: Catalog
    let b: Catalog
    let output: OutputSink
    private var headerWritten = false
    private var objectsHeaderWritten = false
    private var currentClass: String?
    private let formatter = ValueFormatter()

    init(a: Catalog, b: Catalog, output: OutputSink) {
        self.a = a
        self.b = b
        self.output = output
    }

    private func writeHeader() {
        guard !headerWritten else { return }
        headerWritten = true
        output.line("--- \(a.file.path)")
        output.line("+++ \(b.file.path)")
    }

    func schema(_ changes: [SchemaChange]) throws(BrowserError) {
        guard !changes.isEmpty else { return }
        writeHeader()
        output.line("schema:")
        for change in changes {
            switch change {
            case let .schemaVersion(old, new):
                output.line("  ~ schema version: \(old.map(String.init) ?? "none") → \(new.map(String.init) ?? "none")")
            case let .classAdded(table):
                describe(table, mark: "+", catalog: b)
            case let .classRemoved(table):
                describe(table, mark: "-", catalog: a)
            case let .kindChanged(name, old, new):
                output.line("  ~ class \(name): \(old) → \(new)")
            case let .primaryKeyChanged(name, old, new):
                output.line("  ~ class \(name): primary key \(old ?? "none") → \(new ?? "none")")
            case let .propertyAdded(name, column):
                output.line("  + property \(name).\(column.name): " + SchemaVocabulary.typeDescription(column, in: b.file))
            case let .propertyRemoved(name, column):
                output.line("  - property \(name).\(column.name): " + SchemaVocabulary.typeDescription(column, in: a.file))
            case let .propertyChanged(name, old, new):
                output.line("  ~ property \(name).\(old.name): " + SchemaVocabulary.typeDescription(old, in: a.file)
                            + " → " + SchemaVocabulary.typeDescription(new, in: b.file))
            }
        }
    }

    /// A class only one file has, with its properties as `schema` lists them.
    private func describe(_ table: Table, mark: String, catalog: Catalog) {
        let count = table.objects.count
        let kind = table.kind == .topLevel ? "" : ", \(table.kind)"
        output.line("  \(mark) class \(table.displayName) (\(count) object\(count == 1 ? "" : "s")\(kind))")
        let columns = table.columns
        let width = columns.map { TextWidth.of($0.name) }.max() ?? 0
        for column in columns {
            output.line("      " + column.name.padding(to: width) + "  " + SchemaVocabulary.typeDescription(column, in: catalog.file))
        }
    }

    func object(_ change: ObjectChange, in pair: ClassPair) throws(BrowserError) {
        writeHeader()
        if !objectsHeaderWritten {
            objectsHeaderWritten = true
            output.line("objects:")
        }
        if currentClass != pair.name {
            currentClass = pair.name
            output.line("  \(pair.name):")
        }
        switch change {
        case let .added(object):
            output.line("    + " + (try title(object, pair: pair, primaryKey: pair.primaryKey?.b, catalog: b)))
        case let .removed(object):
            output.line("    - " + (try title(object, pair: pair, primaryKey: pair.primaryKey?.a, catalog: a)))
        case let .changed(_, object, properties):
            output.line("    ~ " + (try title(object, pair: pair, primaryKey: pair.primaryKey?.b, catalog: b)))
            let width = properties.map { TextWidth.of($0.b.name) }.max() ?? 0
            for property in properties {
                let old = try readingFile { () throws(RealmFormatError) in
                    try ObjectView.describe(property.old, column: property.a, catalog: a, depth: 0)
                }
                let new = try readingFile { () throws(RealmFormatError) in
                    try ObjectView.describe(property.new, column: property.b, catalog: b, depth: 0)
                }
                output.line("        " + property.b.name.padding(to: width) + "  " + old + " → " + new)
            }
        }
    }

    /// `Item[id = 42]`, or `Task[_key = 3] "Buy milk"`: the address, and for objects without a
    /// primary key the label `show` gives links (their first string property).
    private func title(_ object: DiffObject, pair: ClassPair, primaryKey: Column?, catalog: Catalog) throws(BrowserError) -> String {
        if let primaryKey {
            let value = try readingFile { () throws(RealmFormatError) in try object.value(of: primaryKey) }
            return "\(pair.name)[\(primaryKey.name) = \(DiffTextRenderer.literal(value, formatter: formatter))]"
        }
        let address = "\(pair.name)[_key = \(object.key)]"
        guard let labelColumn = object.table.columns.first(where: { $0.type == .string && $0.collection == nil }),
              let value = try? object.value(of: labelColumn) else { return address }
        return address + " " + formatter.preview(value, link: { _, _ in "" })
    }

    /// A primary key value as an address takes it (`oid(…)` and `uuid(…)` as in queries).
    static func literal(_ value: RealmValue, formatter: ValueFormatter) -> String {
        switch value {
        case let .objectId(id): return "oid(\(id))"
        case let .uuid(uuid): return "uuid(\(uuid))"
        default: return formatter.detail(value, link: { _, _ in "" })
        }
    }

    func classFinished(_ pair: ClassPair, summary: ClassSummary) throws(BrowserError) {}

    func finished(_ result: DiffResult) throws(BrowserError) {
        guard !result.identical else {
            let classes = "\(result.classCount) class\(result.classCount == 1 ? "" : "es")"
            let objects = "\(result.objectCount) object\(result.objectCount == 1 ? "" : "s")"
            output.line("no differences between \(a.file.path) and \(b.file.path) (\(classes), \(objects))")
            return
        }
        guard !result.summaries.isEmpty else { return }
        output.line("summary:")
        let headers = ["added", "removed", "changed", "unchanged"]
        let nameWidth = max(TextWidth.of("class"), result.summaries.map { TextWidth.of($0.name) }.max() ?? 0)
        output.line("  " + "class".padding(to: nameWidth) + headers.map { "  " + $0 }.joined())
        for (name, summary) in result.summaries {
            let counts = [summary.added, summary.removed, summary.changed, summary.unchanged]
            let cells = zip(headers, counts).map { header, count in
                let text = String(count)
                return "  " + String(repeating: " ", count: max(0, header.count - text.count)) + text
            }
            output.line("  " + name.padding(to: nameWidth) + cells.joined())
        }
    }
}
