import RealmShell
import RealmFormat
import RealmInterchange

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
