import RealmDiff
import RealmFormat
import RealmInterchange

/// `diff --json`: one JSON document for programs, written as the comparison goes. Values use
/// the canonical encoding of `dump` (each in its own file's terms: links name that file's
/// object keys), embedded objects inline (`DiffValueEncoder`); property descriptors are
/// `dump`'s column descriptors plus `primary_key`.
///
///     {"a": PATH, "b": PATH,
///      "schema": [{"change": "property added", "class": "Task", "property": {…}}, …],
///      "classes": [{"class": "Task", "matched_by": "object key",
///                   "objects": [{"change": "changed", "a_key": 3, "b_key": 3,
///                                "properties": {"name": {"a": "x", "b": "y"}}}, …],
///                   "added": 0, "removed": 0, "changed": 1, "unchanged": 25}],
///      "identical": false}
///
/// `identical` comes last because it is known last.
final class DiffJSONRenderer: DiffReceiver {
    let a: Catalog
    let b: Catalog
    let output: OutputSink
    private let encoderA: DiffValueEncoder
    private let encoderB: DiffValueEncoder
    private var classesStarted = false
    private var classOpen = false
    private var objectsInClass = 0

    init(a: Catalog, b: Catalog, output: OutputSink) {
        self.a = a
        self.b = b
        self.output = output
        encoderA = DiffValueEncoder(file: a.file)
        encoderB = DiffValueEncoder(file: b.file)
    }

    func schema(_ changes: [SchemaChange]) throws(BrowserError) {
        output.write("{\n  \"a\": " + Self.string(a.file.path) + ",\n  \"b\": " + Self.string(b.file.path) + ",\n  \"schema\": [")
        for (index, change) in changes.enumerated() {
            output.write((index == 0 ? "\n    " : ",\n    ") + entry(change))
        }
        output.write(changes.isEmpty ? "],\n  \"classes\": [" : "\n  ],\n  \"classes\": [")
    }

    private func entry(_ change: SchemaChange) -> String {
        switch change {
        case let .schemaVersion(old, new):
            return "{\"change\": \"schema version\", \"a\": \(old.map(String.init) ?? "null"), \"b\": \(new.map(String.init) ?? "null")}"
        case let .classAdded(table):
            return classEntry("class added", table, file: b.file)
        case let .classRemoved(table):
            return classEntry("class removed", table, file: a.file)
        case let .kindChanged(name, old, new):
            return "{\"change\": \"kind changed\", \"class\": \(Self.string(name)), \"a\": \"\(old)\", \"b\": \"\(new)\"}"
        case let .primaryKeyChanged(name, old, new):
            return "{\"change\": \"primary key changed\", \"class\": \(Self.string(name)), \"a\": \(Self.string(old)), \"b\": \(Self.string(new))}"
        case let .propertyAdded(name, column):
            return "{\"change\": \"property added\", \"class\": \(Self.string(name)), \"property\": \(descriptor(column, file: b.file))}"
        case let .propertyRemoved(name, column):
            return "{\"change\": \"property removed\", \"class\": \(Self.string(name)), \"property\": \(descriptor(column, file: a.file))}"
        case let .propertyChanged(name, old, new):
            return "{\"change\": \"property changed\", \"class\": \(Self.string(name)), \"property\": \(Self.string(old.name)), "
                + "\"a\": \(descriptor(old, file: a.file)), \"b\": \(descriptor(new, file: b.file))}"
        }
    }

    private func classEntry(_ change: String, _ table: Table, file: RealmFile) -> String {
        "{\"change\": \"\(change)\", \"class\": \(Self.string(table.displayName)), \"kind\": \"\(table.kind)\", "
            + "\"primary_key\": \(Self.string(table.primaryKey?.name)), \"count\": \(table.objects.count), \"columns\": ["
            + table.columns.map { descriptor($0, file: file) }.joined(separator: ", ") + "]}"
    }

    /// `dump`'s column descriptor, with whether the property is the primary key.
    private func descriptor(_ column: Column, file: RealmFile) -> String {
        let target = column.isLink ? column.targetTableKey.flatMap { file.table(withKey: $0)?.name } : nil
        return "{\"name\": \(Self.string(column.name)), \"type\": \"\(column.type)\", \"nullable\": \(column.isNullable), "
            + "\"collection\": \(Self.string(column.collection?.rawValue)), \"target\": \(Self.string(target)), "
            + "\"indexed\": \(column.isIndexed), \"fulltext\": \(column.isFullTextIndexed), \"primary_key\": \(column.isPrimaryKey)}"
    }

    private func openClass(_ pair: ClassPair) {
        guard !classOpen else { return }
        classOpen = true
        objectsInClass = 0
        output.write((classesStarted ? ",\n    " : "\n    ") + "{\"class\": \(Self.string(pair.name)), \"matched_by\": "
                     + (pair.primaryKey == nil ? "\"object key\"" : "\"primary key\"") + ", \"objects\": [")
        classesStarted = true
    }

    func object(_ change: ObjectChange, in pair: ClassPair) throws(BrowserError) {
        openClass(pair)
        var text = objectsInClass == 0 ? "\n      " : ",\n      "
        objectsInClass += 1
        switch change {
        case let .added(object):
            text += "{\"change\": \"added\", \"b_key\": \(object.key)"
            text += try primaryKey(object, pair.primaryKey?.b, encoder: encoderB)
            text += ", \"object\": " + (try readingFile { () throws(RealmFormatError) in try encoderB.object(object) }) + "}"
        case let .removed(object):
            text += "{\"change\": \"removed\", \"a_key\": \(object.key)"
            text += try primaryKey(object, pair.primaryKey?.a, encoder: encoderA)
            text += ", \"object\": " + (try readingFile { () throws(RealmFormatError) in try encoderA.object(object) }) + "}"
        case let .changed(old, new, properties):
            text += "{\"change\": \"changed\", \"a_key\": \(old.key), \"b_key\": \(new.key)"
            text += try primaryKey(new, pair.primaryKey?.b, encoder: encoderB)
            text += ", \"properties\": {"
            for (index, property) in properties.enumerated() {
                if index > 0 { text += ", " }
                CanonicalValueEncoder.appendJSONString(property.b.name, to: &text)
                text += ": {\"a\": "
                try readingFile { () throws(RealmFormatError) in
                    try encoderA.encode(property.old, column: property.a, into: &text)
                    text += ", \"b\": "
                    try encoderB.encode(property.new, column: property.b, into: &text)
                }
                text += "}"
            }
            text += "}}"
        }
        output.write(text)
    }

    private func primaryKey(_ object: DiffObject, _ column: Column?, encoder: DiffValueEncoder) throws(BrowserError) -> String {
        guard let column else { return "" }
        var text = ", \"primary_key\": "
        try readingFile { () throws(RealmFormatError) in
            try encoder.encode(try object.value(of: column), column: column, into: &text)
        }
        return text
    }

    func classFinished(_ pair: ClassPair, summary: ClassSummary) throws(BrowserError) {
        openClass(pair)
        output.write((objectsInClass == 0 ? "]" : "\n    ]") + ", \"added\": \(summary.added), \"removed\": \(summary.removed), "
                     + "\"changed\": \(summary.changed), \"unchanged\": \(summary.unchanged)}")
        classOpen = false
    }

    func finished(_ result: DiffResult) throws(BrowserError) {
        output.write((classesStarted ? "\n  ],\n" : "],\n") + "  \"identical\": \(result.identical)\n}\n")
    }

    private static func string(_ value: String?) -> String {
        guard let value else { return "null" }
        var text = ""
        CanonicalValueEncoder.appendJSONString(value, to: &text)
        return text
    }
}
