import Foundation
import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// The names of docs/sqlite-export.md where they collide (written by hand from its rules), and
/// which classes an export of some classes writes.
@Suite("export sqlite: names and chosen classes")
struct SQLiteExportNamingTests {
    /// Classes `Dog` and `dog` (one name to SQLite), `Dog_tags` (the name of Dog's list's
    /// table), `sqlite_stat` (SQLite's prefix); in Dog a property `_key`, and a property
    /// `note_type` beside the Mixed `note`.
    static func collidingFile(in directory: ScratchDirectory) throws -> String {
        let path = directory.path + "/names.realm"
        let dog = NewTable(name: "class_Dog", columns: [
            NewColumn(name: "_key", type: .string),
            NewColumn(name: "tags", type: .string, collection: .list),
            NewColumn(name: "note", type: .mixed, isNullable: true),
            NewColumn(name: "note_type", type: .int),
        ], keys: [0, 1], values: [
            [.scalar(.string("a")), .scalar(.string("b"))],
            [.list([.string("x"), .string("y")]), .list([])],
            [.scalar(.int(5)), .scalar(.string("five"))],
            [.scalar(.int(1)), .scalar(.int(2))],
        ], keySequence: 2)
        let small = NewTable(name: "class_dog", columns: [NewColumn(name: "x", type: .int)], keys: [0], values: [[.scalar(.int(3))]], keySequence: 1)
        let tags = NewTable(name: "class_Dog_tags", columns: [NewColumn(name: "y", type: .int)], keys: [0], values: [[.scalar(.int(4))]],
                            keySequence: 1)
        let stat = NewTable(name: "class_sqlite_stat", columns: [NewColumn(name: "z", type: .int)], keys: [0], values: [[.scalar(.int(6))]],
                            keySequence: 1)
        try RealmFileWriter().write(tables: [dog, small, tags, stat], to: path)
        return path
    }

    @Test func collidingNamesAreRenamedInTheDocumentedOrderAndSaid() throws {
        let directory = try ScratchDirectory()
        let file = try RealmFile(path: try Self.collidingFile(in: directory))
        let path = directory.path + "/names.sqlite"
        let summary = try SQLiteExporter(file: file, progress: SilentProgress()).write(file.tables, to: path)
        let sqlite = try SQLiteFile(path: path)
        // Tables first in the file's order (which Dog, dog, Dog_tags, sqlite_stat were written in),
        // then the list's table, then indexes (none here).
        #expect(Set(try sqlite.tableNames()) == ["Dog", "dog_2", "Dog_tags", "_sqlite_stat", "Dog_tags_2"])
        #expect(try sqlite.columns(of: "Dog").map(\.name) == ["_key", "_key_2", "note", "note_type_2", "note_type"])
        #expect(summary.renames == [
            "class dog is \"dog_2\": \"dog\" was taken",
            "class sqlite_stat is \"_sqlite_stat\": \"sqlite_stat\" was taken",
            "Dog.tags is \"Dog_tags_2\": \"Dog_tags\" was taken",
            "property Dog._key is \"_key_2\": \"_key\" was taken",
            "the type of Dog.note is \"note_type_2\": \"note_type\" was taken",
        ])
        #expect(try sqlite.rows("SELECT _key, _key_2, note, note_type_2, note_type FROM Dog ORDER BY _key") == [
            [.integer(0), .text("a"), .integer(5), .text("int"), .integer(1)],
            [.integer(1), .text("b"), .text("five"), .text("string"), .integer(2)],
        ])
        #expect(try sqlite.rows("SELECT owner, position, value FROM Dog_tags_2") == [[.integer(0), .integer(0), .text("x")], [.integer(0), .integer(1), .text("y")]])
        #expect(try sqlite.rows("SELECT y FROM Dog_tags") == [[.integer(4)]])
        #expect(try sqlite.rows("SELECT x FROM dog_2") == [[.integer(3)]])
        #expect(try sqlite.integrityCheck() == ["ok"])
    }

    /// Chosen classes bring the embedded classes they own; a link to a class left out is a
    /// plain integer, so the foreign keys that remain all hold.
    @Test(.enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
    func chosenClassesBringWhatTheyEmbed() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("alltypes"))
        let allTypes = try #require(file.tables.first { $0.className == "AllTypes" })
        let tables = SQLiteExporter.tables(for: [allTypes], in: file)
        #expect(tables.map(\.displayName) == ["AllTypes", "EmbeddedAddress"])
        let directory = try ScratchDirectory()
        let path = directory.path + "/some.sqlite"
        _ = try SQLiteExporter(file: file, progress: SilentProgress()).write(tables, to: path)
        let sqlite = try SQLiteFile(path: path)
        #expect(!(try sqlite.tableNames()).contains("Target"))
        #expect(try sqlite.foreignKeys(of: "AllTypes").map(\.from) == ["address"], "target links nowhere exported")
        #expect(try sqlite.foreignKeys(of: "AllTypes_targetList").map(\.from) == ["owner"])
        #expect(try sqlite.foreignKeyViolations().isEmpty)
        #expect(try sqlite.rows("SELECT COUNT(*) FROM AllTypes WHERE target IS NOT NULL").first?.first?.integer ?? 0 > 0)
    }
}
