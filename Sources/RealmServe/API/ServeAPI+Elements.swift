import RealmShell
import RealmFormat

/// The elements of an object's lists, sets and dictionaries (and of a Mixed property holding
/// one), each as the REPL's text (`ServeCells.cell`), read by the same `CollectionReader` as
/// `show OBJ.list`: the page shows `5`, `a`, `Target[3] "x"` rather than `{"$int": 5}`.
extension ServeAPI {
    /// Elements sent per collection; the page asks for the rest with `&elements=P&from=N`.
    static let elementLimit = 500

    /// `"elements": {P: [CELL, ...]}, "elementCounts": {P: N}` for each collection property of
    /// `object` (only `only`, from `from`, when given). A dictionary's cells carry
    /// `"entry": KEY`. A collection that cannot be read is left out (its cell says so).
    static func elementMembers(of object: ObjectHandle, catalog: Catalog, only: String? = nil, from: Int = 0) -> String {
        let reader = CollectionReader(file: catalog.file)
        var elements: [String] = []
        var counts: [String] = []
        for column in object.table.columns where only == nil || column.name == only {
            guard case let .collection(collection)? = try? object.value(of: column) else { continue }
            let cells: [String]
            let count: Int
            do throws(RealmFormatError) {
                (cells, count) = try Self.elementCells(of: collection, reader: reader, catalog: catalog, from: from, depth: 0)
            } catch {
                continue
            }
            elements.append(string(column.name) + ": [" + cells.joined(separator: ", ") + "]")
            counts.append(string(column.name) + ": \(count)")
        }
        return "\"elements\": {" + elements.joined(separator: ", ") + "}, \"elementCounts\": {" + counts.joined(separator: ", ") + "}"
    }

    /// Nested collections deeper than this are only their text (`list (2 items)`), and a
    /// nested one shows its first `nestedLimit` elements (500 × 20 × 20 cells at most).
    static let nestingShown = 3
    static let nestedLimit = 20

    /// The cells of `collection`'s elements from `from` (at most `elementLimit`, or
    /// `nestedLimit` when nested) and how many
    /// it has. A nested collection's cell carries its own `"elements"` (up to `nestingShown`).
    private static func elementCells(of collection: CollectionSummary, reader: CollectionReader, catalog: Catalog,
                                     from: Int, depth: Int) throws(RealmFormatError) -> (cells: [String], count: Int) {
        func cell(_ value: RealmValue, entry: RealmValue?) -> String {
            var json = String(ServeCells.cell(value, catalog: catalog, cut: true).dropLast())
            if let entry { json += ", \"entry\": " + string(entryKey(entry, catalog: catalog)) }
            if case let .collection(inner) = value, depth + 1 < nestingShown,
               let nested = try? elementCells(of: inner, reader: reader, catalog: catalog, from: 0, depth: depth + 1) {
                json += ", \"elements\": [" + nested.cells.joined(separator: ", ") + "]"
            }
            return json + "}"
        }
        let limit = depth == 0 ? elementLimit : nestedLimit
        // Only the range is decoded (the rest of the collection is counted).
        let range = from..<(from > Int.max - limit ? Int.max : from + limit)
        if collection.kind == .dictionary {
            let (entries, count) = try reader.entries(of: collection, in: range)
            return (entries.map { cell($0.value, entry: $0.key) }, count)
        }
        let (values, count) = try reader.elements(of: collection, in: range)
        return (values.map { cell($0, entry: nil) }, count)
    }

    /// A dictionary's key as the string it is (keys are strings; anything else as the REPL shows it).
    private static func entryKey(_ key: RealmValue, catalog: Catalog) -> String {
        if case let .string(text) = key { return text }
        return ValueFormatter().detail(key, link: catalog.linkLabel)
    }

    /// `/api/object?class=C&key=K&elements=P&from=N`: the next elements of one collection,
    /// `{"class": C, "key": K, "property": P, "from": N, "elements": {P: [...]}, "elementCounts": {P: COUNT}}`.
    func elementPage(className: String, key: Int64, property: String, fromText: String) -> HTTPResponse {
        guard let from = Int(fromText), from >= 0 else { return .error(400, "invalid from '\(fromText)'") }
        return answer { () throws(BrowserError) -> String in
            let catalog = try session.requireCatalog()
            let table = try catalog.table(named: className)
            guard let object = try catalog.object(in: table, key: key) else {
                throw .noSuchObject(className: table.displayName, address: "_key = \(key)")
            }
            guard let column = table.columns.first(where: { $0.name == property }) else {
                throw .unknownProperty(className: table.displayName, name: property)
            }
            guard case .collection? = try? object.value(of: column) else {
                throw .invalidValue("\(table.displayName).\(property) is not a list, set or dictionary")
            }
            let members = Self.elementMembers(of: object, catalog: catalog, only: property, from: from)
            return "{\"class\": \(Self.string(className)), \"key\": \(key), \"property\": \(Self.string(property)), \"from\": \(from), \(members)}"
        }
    }
}
