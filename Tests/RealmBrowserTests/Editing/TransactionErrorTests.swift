import Foundation
import RealmInterchange
import Testing
import TestSupport

/// Changes a transaction cannot commit together are refused when they are staged, so that
/// `commit` never fails with every change still pending.
@Suite("transactions refused early end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct TransactionErrorTests {
    let runner = ExecutableTests()

    @Test func objectsOfAClassWithANewPropertyWaitForTheCommit() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try ExecutableTests.workingCopy(of: "species", suite: "TransactionErrorTests")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = """
        begin
        add property Category habitat string?
        set Category[0].name = "Aves"
        create Category name = "Fungi"
        delete Specimen[0]
        set Specimen[1].name = "Bald cypress"
        commit

        """
        let result = try runner.run([file], input: script)
        #expect(result.status == 1)
        let refusal = "the schema of Category changes in this transaction; commit it before changing its objects"
        // Deleting a specimen changes Category too: its backlinks to the specimen go.
        #expect(result.standardError == "error (line 3): \(refusal)\nerror (line 4): \(refusal)\nerror (line 5): \(refusal)\n")
        #expect(result.standardOutput.contains("committed 2 changes as version"), "\(result.standardOutput)")
        let dump = try JSONParser.parse(try runner.run([file, "-c", "dump"]).standardOutput)
        let original = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("species"))
        func objects(_ dump: JSONValue, _ name: String) throws -> [JSONValue] {
            try #require(dump["tables"]?.array?.first { $0["name"]?.string == name }?["objects"]?.array)
        }
        let categories = try objects(dump, "class_Category")
        #expect(categories.map { $0["name"] } == (try objects(original, "class_Category")).map { $0["name"] })
        #expect(categories.allSatisfy { $0["habitat"] == .null })
        let specimens = try objects(dump, "class_Specimen")
        #expect(specimens.count == (try objects(original, "class_Specimen")).count)
        #expect(specimens[1]["name"]?.string == "Bald cypress")
    }

    @Test func aClassAddedInTheTransactionIsNamedAsPending() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try ExecutableTests.workingCopy(of: "species", suite: "TransactionErrorTests")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try runner.run([file], input: "begin\nadd class Fungus (name string)\ncreate Fungus name = \"Morel\"\ncommit\ncreate Fungus name = \"Morel\"\ncount Fungus\n")
        #expect(result.status == 1)
        #expect(result.standardError == "error (line 3): class Fungus is added by this transaction and exists once it is committed: 'commit' first, then use it\n")
        #expect(result.standardOutput.hasSuffix("\n1\n"), "\(result.standardOutput)")
    }
}
