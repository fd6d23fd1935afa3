import RealmShell
import Foundation
import RealmFormat
import ShellTestSupport
import Testing
import TestSupport

/// A read session sees one version of the file while another writer commits: the other writer
/// commits from its own `FileEditor` (as a Realm app would from its process) between the read
/// and the version check, through the session's hook, so every interleaving is deterministic.
@Suite("Consistent reads while another writer commits", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ConsistentReadTests {
    func open(_ fixture: String) throws -> OpenedCopy { try OpenedCopy(of: fixture, prefix: "ConsistentReadTests") }

    /// Another writer renames Category[position] (species.realm: 0 Birds, 1 Mammals, ...).
    func rename(category key: Int64, to name: String, in path: String) throws {
        try SpeciesWriter.rename(category: key, to: name, in: path)
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    func recording(_ body: () throws -> Void) {
        do { try body() } catch { Issue.record(error) }
    }

    func addCategory(_ name: String, in path: String) throws {
        try SpeciesWriter.addCategory(name, in: path)
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test func aCommitDuringAReadDiscardsItsOutputAndRunsItAgain() throws {
        guard Fixtures.requirePresent() else { return }
        let opened = try open("species")
        defer { FixtureCopy.remove(opened.path) }
        var checks = 0
        opened.session.beforeVersionCheck = {
            checks += 1
            if checks == 1 { recording { try rename(category: 0, to: "Aves", in: opened.path) } }
        }
        try opened.session.execute("show Category")
        #expect(checks == 2, "the first run was checked, found stale, and run again")
        // species.realm is at version 3; the other writer's commit is version 4.
        #expect(opened.notices.text == "reloaded: another process committed version 4 while 'show' was reading; ran it again\n")
        #expect(opened.output.text == """
        # │ name
        ──┼──────────
        0 │ Aves
        1 │ Mammals
        2 │ Flora
        3 │ Reptiles
        4 │ Arachnids
        (0..5 of 5 Category objects)

        """, "only the second run's output, from version 4")
    }

    @Test func anErrorFromAStaleVersionIsDiscardedToo() throws {
        guard Fixtures.requirePresent() else { return }
        let opened = try open("species")
        defer { FixtureCopy.remove(opened.path) }
        var checks = 0
        opened.session.beforeVersionCheck = {
            checks += 1
            if checks == 1 { recording { try addCategory("Fungi", in: opened.path) } }
        }
        // Category[5] does not exist in version 3; the other writer creates it.
        try opened.session.execute("show Category[5]")
        #expect(opened.output.text.hasPrefix("Category[5]  (object key 5)\n  name         \"Fungi\"\n"))
    }

    @Test func navigationIsUndoneBeforeTheRerun() throws {
        guard Fixtures.requirePresent() else { return }
        let opened = try open("species")
        defer { FixtureCopy.remove(opened.path) }
        try opened.session.execute("cd Specimen[3]")
        var checks = 0
        opened.session.beforeVersionCheck = {
            checks += 1
            if checks == 1 { recording { try rename(category: 0, to: "Aves", in: opened.path) } }
        }
        try opened.session.execute("cd category")
        #expect(checks == 2)
        #expect(opened.session.prompt == "realm Specimen[3].category> ", "cd ran once on the restored path, not twice")
        try opened.session.execute("back")
        #expect(opened.session.prompt == "realm Specimen[3]> ", "the back history survives the reload")
    }

    @Test func aFileThatKeepsChangingFailsCleanly() throws {
        guard Fixtures.requirePresent() else { return }
        let opened = try open("species")
        defer { FixtureCopy.remove(opened.path) }
        var checks = 0
        opened.session.beforeVersionCheck = {
            checks += 1
            recording { try rename(category: 0, to: "Name \(checks)", in: opened.path) }
        }
        do {
            try opened.session.execute("count Category")
            Issue.record("a read that never sees a stable version must fail")
        } catch {
            #expect("\(error)" == "\(opened.path) changed while it was read (4 times in a row); nothing was written, try again")
        }
        #expect(checks == 4)
        #expect(opened.output.text.isEmpty, "no output from any of the torn runs")
    }

    @Test func theSessionCatchesUpBeforeACommand() throws {
        guard Fixtures.requirePresent() else { return }
        let opened = try open("species")
        defer { FixtureCopy.remove(opened.path) }
        try opened.session.execute("cd Category[0]")
        try rename(category: 0, to: "Aves", in: opened.path)
        try addCategory("Fungi", in: opened.path)
        try opened.session.execute("show name")
        #expect(opened.notices.text == "reloaded: another process committed version 5\n")
        #expect(opened.output.text == "\"Aves\"\n")
        try opened.session.execute("count Category")
        #expect(opened.notices.text == "reloaded: another process committed version 5\n", "said once")
        #expect(opened.output.text == "\"Aves\"\n6\n")
    }

    @Test func compactNeverWritesATornCopy() throws {
        guard Fixtures.requirePresent() else { return }
        let opened = try open("species")
        defer { FixtureCopy.remove(opened.path) }
        let out = opened.path + ".compacted.realm"
        defer { try? FileManager.default.removeItem(atPath: out) }
        var checks = 0
        opened.session.beforeVersionCheck = {
            checks += 1
            // The commit lands after compact has read version 3 and before it writes.
            if checks == 1 { recording { try rename(category: 0, to: "Aves", in: opened.path) } }
        }
        try opened.session.execute("compact \(out)")
        #expect(opened.notices.text == "reloaded: another process committed version 4 while 'compact' was reading; ran it again\n")
        let copy = try RealmFile(path: out)
        let category = try #require(copy.table(named: "class_Category"))
        let leaf = try #require(try category.objects.leaf(atPosition: 0))
        let name = try ColumnLeafReader(leaf: leaf.leaf, column: try #require(category.column(named: "name"))).value(at: leaf.row)
        #expect(name == .string("Aves"), "the copy holds version 4")
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: out))))
    }

    @Test func aFileShrunkUnderTheMappingFailsInsteadOfCrashing() throws {
        guard Fixtures.requirePresent() else { return }
        let opened = try open("species")
        defer { FixtureCopy.remove(opened.path) }
        let file = try #require(opened.session.file)
        let specimens = try #require(file.table(named: "class_Specimen"))
        let nameColumn = try #require(specimens.column(named: "name"))
        func firstName() throws -> RealmValue? {
            guard let (leaf, row) = try specimens.objects.leaf(atPosition: 0) else { return nil }
            return try ColumnLeafReader(leaf: leaf, column: nameColumn).value(at: row)
        }
        #expect(try firstName() == .string("Bald eagle"))
        // species.realm is 8192 bytes; the cluster leaf of Specimen (at 5408) is in the second
        // page, which vanishes.
        #expect(truncate(opened.path, 4096) == 0)
        // Seeing the file changed, the command opens it again: the header's top array is past
        // the 4096 bytes left, so the reopen fails naming that ref and the file's size.
        expectError(.file("badRef(ref: \(file.topRef), fileSize: 4096)", where: { error in
            if case let .badRef(ref, fileSize, _) = error { ref == file.topRef && fileSize == 4096 } else { false }
        })) { try opened.session.execute("show Specimen") }
        #expect(throws: RealmFormatError.self) { try FileVersion.current(path: opened.path) }
        // Reading through the old mapping touches the vanished page: the guard maps zeros there,
        // so the read fails or returns something else, but the process lives on.
        #expect(file.fileSize == 8192)
        #expect((try? firstName()) != .string("Bald eagle"))
    }
}
