import RealmFormat
import Foundation
import RealmInterchange
import Testing
import TestSupport

/// Lists, sets, dictionaries and embedded objects edited through the built executable, as a
/// user's script does: `-c` and piped input, exit status, then a fresh process dumps the file.
@Suite("Collection edits end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct CollectionEditCommandTests {
    let runner = ExecutableTests()
    typealias J = ExpectedDump
    static let allTypes = "class_AllTypes"

    func copy(of fixture: String) throws -> String {
        try ExecutableTests.fileCopy(of: fixture, suite: "CollectionEditCommandTests")
    }

    func remove(_ path: String) {
        ExecutableTests.removeFileCopy(path)
    }

    func dump(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        try runner.dump(path, sourceLocation: sourceLocation)
    }

    @Test func elementEditsFromTheCommandLine() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try copy(of: "alltypes")
        defer { remove(path) }
        let result = try runner.run([path, "-c", """
            set AllTypes[2].intList[1] = 7; append AllTypes[2].stringOptSet "hello"; \
            set AllTypes[2].intDict["a"] = 5; remove AllTypes[2].intDict["k0"]; \
            move AllTypes[2].addressList 1 0; set AllTypes[1].address.city = "Oslo"; \
            set AllTypes[3].intList = {3, 2, 1}; move AllTypes[2].intList 1 0; \
            remove AllTypes[2].stringOptList[1]; set AllTypes[0].mixedValue = Target[3]; \
            set AllTypes[3].intDict = {"z": 1, "a": 2}; set AllTypes[0].mixedList[6][0] = 43
            """])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        #expect(result.standardOutput.contains("AllTypes[2].intList[1] = 7  (committed version"))
        #expect(result.standardOutput.contains("append \"hello\" to AllTypes[2].stringOptSet (now 3 elements)  (committed version"))
        #expect(result.standardOutput.contains("remove key \"k0\" from AllTypes[2].intDict (now 2 entries)"))
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        var expected = try ExpectedDump(fixture: "alltypes")
        try expected.updateList("intList", of: Self.allTypes, key: 2) { list in
            list[1] = .int(7)
            list.insert(list.remove(at: 1), at: 0)
        }
        try expected.updateList("stringOptList", of: Self.allTypes, key: 2) { $0.remove(at: 1) }
        try expected.set("mixedValue", of: Self.allTypes, key: 0, to: ExpectedDump.link("class_Target", 3))
        try expected.set("intDict", of: Self.allTypes, key: 3, to: J.dictionary([("a", .int(2)), ("z", .int(1))]))
        try expected.updateList("mixedList", of: Self.allTypes, key: 0) { $0[6] = .array([J.mixedInt(43)]) }
        // "hello" is a proper prefix of "hello world", so it sorts first (§6.17).
        try expected.updateList("stringOptSet", of: Self.allTypes, key: 2) { $0.insert(.string("hello"), at: 0) }
        try expected.updateDictionary("intDict", of: Self.allTypes, key: 2) { entries in
            entries.insert((key: "a", value: .int(5)), at: 0)
            entries.removeAll { $0.key == "k0" }
        }
        try expected.updateList("addressList", of: Self.allTypes, key: 2) { $0.reverse() }
        try expected.set("city", of: "class_EmbeddedAddress", key: 1, to: .string("Oslo"))
        try expected.set("intList", of: Self.allTypes, key: 3, to: .array([.int(3), .int(2), .int(1)]))
        #expect(try dump(path) == expected.value)
        #expect(try FileVerifier(file: RealmFile(path: path)).verify().problems == [])
    }

    @Test func pipedTransactionKeepsStagedEditsPastAFailure() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try copy(of: "alltypes")
        defer { remove(path) }
        let script = """
            begin
            append AllTypes[2].intList 8
            set AllTypes[2].intList[9] = 1
            set AllTypes[2].targetDict["second"] = Target[7]
            remove AllTypes[2].uuidSet 6664588a-21b8-4111-8dbc-54ba536f42df
            remove AllTypes[2].uuidSet uuid(6664588a-21b8-4111-8dbc-54ba536f42df)
            status
            commit

            """
        let result = try runner.run([path], input: script)
        #expect(result.status == 1, "a failed command makes the script fail")
        #expect(result.standardError.contains("line 3"), "\(result.standardError)")
        #expect(result.standardError.contains("there is no element 9: it has 3 elements"), "\(result.standardError)")
        #expect(result.standardError.contains("line 5"), "\(result.standardError)")
        #expect(result.standardOutput.contains("3. remove 6664588a-21b8-4111-8dbc-54ba536f42df from AllTypes[2].uuidSet (now 1 element)"),
                "\(result.standardOutput)")
        #expect(result.standardOutput.contains("committed 3 changes as version"))
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        var expected = try ExpectedDump(fixture: "alltypes")
        try expected.updateList("intList", of: Self.allTypes, key: 2) { $0.append(.int(8)) }
        try expected.updateDictionary("targetDict", of: Self.allTypes, key: 2) { entries in
            entries[2].value = J.link("class_Target", 7)
        }
        try expected.updateList("uuidSet", of: Self.allTypes, key: 2) { $0.removeFirst() }
        #expect(try dump(path) == expected.value)
    }

    @Test func helpTeachesCollectionEdits() throws {
        guard Fixtures.requirePresent() else { return }
        let result = try runner.run([Fixtures.realmPath("alltypes"), "-c", "help remove"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("remove CLASS[N].COLLECTION[I]"))
        #expect(result.standardOutput.contains("set AllTypes[0].intDict[\"k\"] = 5"))
        #expect(result.standardOutput.contains("remove AllTypes[0].stringOptSet \"x\""))
    }

    @Test func rejectedEditsExplainAndWriteNothing() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try copy(of: "alltypes")
        defer { remove(path) }
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let cases: [(command: String, message: String)] = [
            ("remove AllTypes[2].intDict[\"nope\"]", "it has no key \"nope\""),
            ("set AllTypes[2].intList[0] = null", "cannot be null"),
            ("append AllTypes[2].intList 'x'", "does not fit"),
            ("remove AllTypes[2].intSet 5", "5 is not in it"),
            ("set AllTypes[2].intSet[0] = 1", "is a set"),
            ("append AllTypes[2].addressList EmbeddedAddress[0]", "embedded objects are added with 'append LIST { ... }'"),
        ]
        for (command, message) in cases {
            let result = try runner.run([path, "-c", command])
            #expect(result.status == 1, "\(command)")
            #expect(result.standardOutput.isEmpty, "\(command): \(result.standardOutput)")
            #expect(result.standardError.contains(message), "\(command): \(result.standardError)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
    }
}
