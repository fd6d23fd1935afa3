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

/// A page of objects for `serve`: each object's canonical JSON (as the dumps encode it, with
/// `_key`) and, beside it, the REPL's text of each of its values (`ServeCells`), so the page
/// shows values exactly as the REPL's tables do.
final class ServeObjectRows: ObjectRowSink {
    let columns: [Column]
    let catalog: Catalog
    private let encoder: CanonicalValueEncoder
    private(set) var objects: [String] = []
    /// One JSON array of cells per object, in order.
    private(set) var cells: [String] = []

    init(table: Table, catalog: Catalog) {
        columns = table.columns
        self.catalog = catalog
        encoder = CanonicalValueEncoder(file: catalog.file)
    }

    func add(label: String, object: ObjectHandle) throws(BrowserError) {
        objects.append(try ObjectRowPrinter.json(of: object, columns: columns, encoder: encoder))
        cells.append(ServeCells.row(object, columns: columns, catalog: catalog))
    }

    func finish(notes: [String]) {}

    /// `"objects": [...], "columns": [...], "cells": [...]`
    var members: String {
        "\"objects\": [" + objects.joined(separator: ", ") + "], \"columns\": ["
            + columns.map { ServeAPI.string($0.name) }.joined(separator: ", ") + "], \"cells\": [" + cells.joined(separator: ", ") + "]"
    }
}
