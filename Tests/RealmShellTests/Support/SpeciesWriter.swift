import RealmFormat
import Testing

/// Another writer committing to a copy of species.realm through our own editor, as a Realm app
/// would from its process (species.realm: categories 0 Birds, 1 Mammals, ...).
enum SpeciesWriter {
    /// Renames Category `key` (species.realm: 0 Birds, 1 Mammals, ...) in one commit.
    static func rename(category key: Int64, to name: String, in path: String) throws {
        let editor = try FileEditor(path: path)
        let table = try #require(editor.file.table(named: "class_Category"))
        try editor.set(.string(name), column: try #require(table.column(named: "name")), table: table, key: key)
        try editor.commit()
    }

    /// Adds a Category named `name` in one commit.
    static func addCategory(_ name: String, in path: String) throws {
        let editor = try FileEditor(path: path)
        let table = try #require(editor.file.table(named: "class_Category"))
        _ = try editor.create(in: table, values: [(try #require(table.column(named: "name")), .string(name))])
        try editor.commit()
    }
}
