import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// Lists, sets and dictionaries edited element by element, and embedded objects edited through
/// their parent, on copies of alltypes.realm: after every commit the file accounts for every
/// byte, and the reopened file dumps exactly as Realm's dump with the expected change made to
/// the JSON; links in collections keep their targets' backlinks right.
@Suite("Collection edits", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct CollectionEditTests {
    typealias J = ExpectedDump
    static let allTypes = "class_AllTypes"

    /// A session on a fresh copy of a fixture.
    final class Edit {
        let path: String
        let session: Session
        let output = BufferedOutput()

        init(_ fixture: String) throws {
            path = try FixtureCopy.make(of: fixture, prefix: "CollectionEditTests")
            session = Session(output: output)
            try session.open(path: path)
        }

        deinit { FixtureCopy.remove(path) }

        /// Runs a command; outside a transaction it commits, so the file is checked at once.
        func run(_ command: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            try session.execute(command)
            if !session.prompt.hasPrefix("realm*") {
                _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            }
        }

        func dump() throws -> JSONValue {
            let output = BufferedOutput()
            let reader = Session(output: output)
            try reader.open(path: path)
            try reader.execute("dump")
            return try JSONParser.parse(output.text)
        }

        var bytes: Data {
            get throws { try Data(contentsOf: URL(fileURLWithPath: path)) }
        }
    }

    @Test func listElementsOfEveryElementType() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try Edit("alltypes")
        var expected = try ExpectedDump(fixture: "alltypes")
        // AllTypes[2] is the object with key 2 (keys 0..149 are dense).
        try edit.run("set AllTypes[2].intList[1] = 7")
        try edit.run("append AllTypes[2].intList -5")
        try edit.run("remove AllTypes[2].intList[0]")
        try edit.run("move AllTypes[2].intList 1 0")
        try expected.updateList("intList", of: Self.allTypes, key: 2) { list in
            list[1] = .int(7)
            list.append(.int(-5))
            list.remove(at: 0)
            list.insert(list.remove(at: 1), at: 0)
        }
        #expect(try expected.member("intList", of: Self.allTypes, key: 2) == .array([.int(-5), .int(7)]))
        try edit.run("set AllTypes[2].stringOptList[0] = null")
        try edit.run("append AllTypes[2].stringOptList \"ünïcödé ✓ with spaces\"")
        try expected.updateList("stringOptList", of: Self.allTypes, key: 2) { list in
            list[0] = .null
            list.append(.string("ünïcödé ✓ with spaces"))
        }
        try edit.run("set AllTypes[2].doubleList[0] = 1.5")
        try expected.updateList("doubleList", of: Self.allTypes, key: 2) { $0[0] = J.double("1.5") }
        try edit.run("append AllTypes[2].dateList T100:5")
        try expected.updateList("dateList", of: Self.allTypes, key: 2) { $0.append(J.date(100, 5)) }
        try edit.run("remove AllTypes[2].uuidList[-1]")
        try edit.run("append AllTypes[2].uuidList uuid(00112233-4455-6677-8899-aabbccddeeff)")
        try expected.updateList("uuidList", of: Self.allTypes, key: 2) { list in
            list.removeLast()
            list.append(J.uuid("00112233-4455-6677-8899-aabbccddeeff"))
        }
        try edit.run("append AllTypes[2].mixedList 'text'")
        try edit.run("append AllTypes[2].mixedList 5")
        try edit.run("append AllTypes[2].mixedList null")
        try expected.set("mixedList", of: Self.allTypes, key: 2, to: .array([.string("text"), J.mixedInt(5), .null]))
        try edit.run("set AllTypes[2].targetList[0] = Target[3]")
        try expected.updateList("targetList", of: Self.allTypes, key: 2) { $0[0] = J.link("class_Target", 3) }
        try edit.run("set AllTypes[1].intList = {3, 1, 3}")
        try edit.run("set AllTypes[1].stringOptList = {}")
        try expected.set("intList", of: Self.allTypes, key: 1, to: .array([.int(3), .int(1), .int(3)]))
        try expected.set("stringOptList", of: Self.allTypes, key: 1, to: .array([]))
        try edit.run("set AllTypes[1].targetList = {Target[2], Target[2]}")
        try expected.set("targetList", of: Self.allTypes, key: 1, to: .array([J.link("class_Target", 2), J.link("class_Target", 2)]))
        #expect(try edit.dump() == expected.value)
        #expect(try FileVerifier(file: RealmFile(path: edit.path)).verify().problems == [])
    }

    @Test func mixedListsKeepNestedCollectionsAndLinks() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try Edit("alltypes")
        var expected = try ExpectedDump(fixture: "alltypes")
        // AllTypes[0].mixedList: int, null, "m", float, a link to Target 0, uuid, [42], {"a": "b"}.
        try edit.run("set AllTypes[0].mixedList[1] = 'was null'")
        try edit.run("remove AllTypes[0].mixedList[4]")
        try edit.run("append AllTypes[0].mixedList Target[5]")
        // An element that names no object says so, as a position out of range (Target has 24).
        #expect(throws: BrowserError.positionOutOfRange(className: "Target", position: 24, count: 24)) {
            try edit.run("append AllTypes[0].mixedList Target[24]")
        }
        try expected.updateList("mixedList", of: Self.allTypes, key: 0) { list in
            list[1] = .string("was null")
            list.remove(at: 4)
            list.append(J.link("class_Target", 5))
        }
        let nested = try #require(try expected.member("mixedList", of: Self.allTypes, key: 0).array)
        #expect(nested[5] == .array([J.mixedInt(42)]), "the nested list is still there")
        #expect(try edit.dump() == expected.value)
        #expect(try FileVerifier(file: RealmFile(path: edit.path)).verify().problems == [])
    }

    @Test func mixedValuesGainAndLoseLinks() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try Edit("alltypes")
        var expected = try ExpectedDump(fixture: "alltypes")
        // mixedValue of keys 11 and 28 links to a Target; key 12 holds a nested list whose
        // dictionary links to one.
        try edit.run("set AllTypes[0].mixedValue = Target[3]")
        try edit.run("set AllTypes[11].mixedValue = 'text'")
        try edit.run("set AllTypes[12].mixedValue = 5")
        try edit.run("set AllTypes[28].mixedValue = Target[4]")
        #expect(try expected.member("mixedValue", of: Self.allTypes, key: 28) == J.link("class_Target", 3))
        try expected.set("mixedValue", of: Self.allTypes, key: 0, to: J.link("class_Target", 3))
        try expected.set("mixedValue", of: Self.allTypes, key: 11, to: .string("text"))
        try expected.set("mixedValue", of: Self.allTypes, key: 12, to: J.mixedInt(5))
        try expected.set("mixedValue", of: Self.allTypes, key: 28, to: J.link("class_Target", 4))
        // Target has 24 objects: there is no Target[99] to link to.
        #expect(throws: BrowserError.positionOutOfRange(className: "Target", position: 99, count: 24)) {
            try edit.run("set AllTypes[1].mixedValue = Target[99]")
        }
        #expect(try edit.dump() == expected.value)
        #expect(try FileVerifier(file: RealmFile(path: edit.path)).verify().problems == [])
    }

    @Test func setsKeepRealmsStoredOrder() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try Edit("alltypes")
        var expected = try ExpectedDump(fixture: "alltypes")
        // Integer sets ascend: 127, 2147483647 in the fixture.
        try edit.run("append AllTypes[2].intSet 300")
        let before = try edit.bytes
        try edit.run("append AllTypes[2].intSet 127")
        #expect(edit.output.text.contains("already holds that value; nothing changed"))
        #expect(try edit.bytes == before, "adding a value a set holds writes nothing")
        try edit.run("remove AllTypes[2].intSet 2147483647")
        try expected.set("intSet", of: Self.allTypes, key: 2, to: .array([.int(127), .int(300)]))
        // Strings compare bytewise with a proper prefix first; null first of all (§6.17).
        try edit.run("append AllTypes[2].stringOptSet \"hello\"")
        try edit.run("append AllTypes[2].stringOptSet null")
        try edit.run("append AllTypes[2].stringOptSet \"zebra\"")
        try expected.updateList("stringOptSet", of: Self.allTypes, key: 2) { set in
            #expect(set == [.string("hello world"), .string("été café")])
            set = [.null, .string("hello"), .string("hello world"), .string("zebra"), .string("été café")]
        }
        // Doubles: 2.5 goes before inf (realm-core's lower bound); NaN stays where it was.
        try edit.run("append AllTypes[2].doubleSet 2.5")
        try expected.updateList("doubleSet", of: Self.allTypes, key: 2) { $0.insert(J.double("2.5"), at: 0) }
        // UUIDs compare bytewise: 6664588a... < 7000... < f6ca59a2...
        try edit.run("append AllTypes[2].uuidSet uuid(70000000-0000-0000-0000-000000000000)")
        try expected.updateList("uuidSet", of: Self.allTypes, key: 2) { $0.insert(J.uuid("70000000-0000-0000-0000-000000000000"), at: 1) }
        // Dates by (seconds, nanoseconds): 1900-01-01 (-2208988800), -1000 s, then 0.
        try edit.run("append AllTypes[2].dateSet T0:0")
        try expected.updateList("dateSet", of: Self.allTypes, key: 2) { $0.append(J.date(0, 0)) }
        // Mixed: null, bools, numbers by value across types, strings, binaries, ..., links.
        try edit.run("append AllTypes[0].mixedSet 2.5")
        try edit.run("append AllTypes[0].mixedSet 1.0")
        try edit.run("append AllTypes[0].mixedSet 'a'")
        try edit.run("append AllTypes[0].mixedSet -7")
        try edit.run("remove AllTypes[0].mixedSet true")
        try expected.updateList("mixedSet", of: Self.allTypes, key: 0) { set in
            #expect(set[2] == .object([JSONValue.Member(key: "$decimal", value: .string("0")),
                                       JSONValue.Member(key: "bits", value: .string("30400000000000000000000000000000"))]))
            #expect(set[3] == J.mixedInt(1), "1.0 equals the int 1 already there")
            set.insert(J.double("2.5"), at: 4)
            set.insert(.string("a"), at: 5)
            set.insert(J.mixedInt(-7), at: 2)
            set.remove(at: 1)
        }
        // Links by object key.
        try edit.run("append AllTypes[2].targetSet Target[5]")
        try edit.run("remove AllTypes[2].targetSet Target[0]")
        try expected.set("targetSet", of: Self.allTypes, key: 2, to: .array([J.link("class_Target", 5), J.link("class_Target", 16)]))
        // A whole set: sorted, duplicates dropped.
        try edit.run("set AllTypes[1].intSet = {5, 1, 5, 3}")
        try expected.set("intSet", of: Self.allTypes, key: 1, to: .array([.int(1), .int(3), .int(5)]))
        #expect(try edit.dump() == expected.value)
        #expect(try FileVerifier(file: RealmFile(path: edit.path)).verify().problems == [])
    }

    @Test func dictionaryEntriesByKey() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try Edit("alltypes")
        var expected = try ExpectedDump(fixture: "alltypes")
        try edit.run("set AllTypes[2].intDict[\"a\"] = 5")
        try edit.run("set AllTypes[2].intDict['k1'] = 6")
        try edit.run("remove AllTypes[2].intDict[\"k0\"]")
        try expected.set("intDict", of: Self.allTypes, key: 2, to: J.dictionary([("a", .int(5)), ("k1", .int(6))]))
        // Keys "", "empty", "null", "键" in the fixture: bytewise, so "zz" goes before "键".
        try edit.run("set AllTypes[0].stringOptDict[\"null\"] = \"now set\"")
        try edit.run("set AllTypes[0].stringOptDict[\"zz\"] = null")
        try edit.run("set AllTypes[0].stringOptDict[\"\"] = \"still the empty key\"")
        try expected.updateDictionary("stringOptDict", of: Self.allTypes, key: 0) { entries in
            #expect(entries.map(\.key) == ["", "empty", "null", "键"])
            entries[2].value = .string("now set")
            entries.insert((key: "zz", value: .null), at: 3)
            entries[0].value = .string("still the empty key")
        }
        try edit.run("set AllTypes[1].doubleDict[\"d0\"] = -1")
        try expected.updateDictionary("doubleDict", of: Self.allTypes, key: 1) { $0[0].value = J.double("-1") }
        // Mixed values; removing the entry holding a link takes its backlink away.
        try edit.run("set AllTypes[1].mixedDict[\"aaa\"] = 3.25")
        try edit.run("remove AllTypes[1].mixedDict[\"link\"]")
        try expected.updateDictionary("mixedDict", of: Self.allTypes, key: 1) { entries in
            entries.insert((key: "aaa", value: J.double("3.25")), at: 0)
            entries.removeAll { $0.key == "link" }
        }
        // Dictionaries of links: first -> Target 11, none -> null, second -> null.
        try edit.run("set AllTypes[2].targetDict[\"second\"] = Target[7]")
        try edit.run("remove AllTypes[2].targetDict[\"first\"]")
        try edit.run("set AllTypes[2].targetDict[\"new\"] = null")
        try expected.set("targetDict", of: Self.allTypes, key: 2,
                         to: J.dictionary([("new", .null), ("none", .null), ("second", J.link("class_Target", 7))]))
        // Whole dictionaries: entries put into key order; the links of the old one go.
        try edit.run("set AllTypes[3].intDict = {\"z\": 1, \"a\": 2}")
        try edit.run("set AllTypes[6].targetDict = {\"x\": Target[1], \"n\": null}")
        try edit.run("set AllTypes[5].stringOptDict = {}")
        try expected.set("intDict", of: Self.allTypes, key: 3, to: J.dictionary([("a", .int(2)), ("z", .int(1))]))
        try expected.set("targetDict", of: Self.allTypes, key: 6, to: J.dictionary([("n", .null), ("x", J.link("class_Target", 1))]))
        try expected.set("stringOptDict", of: Self.allTypes, key: 5, to: J.dictionary([]))
        expectError(.refusedEdit(mentioning: "AllTypes.intDict", CollectionEditError.duplicateKey("a").description)) {
            try edit.run("set AllTypes[3].intDict = {\"a\": 1, \"a\": 2}")
        }
        expectError(.invalidValue(mentioning: "dictionary keys are quoted strings")) { try edit.run("set AllTypes[3].intDict = {a: 1}") }
        expectError(.invalidValue(mentioning: "AllTypes.intDict", "cannot be null")) { try edit.run("set AllTypes[3].intDict = {\"a\": null}") }
        #expect(try edit.dump() == expected.value)
        #expect(try FileVerifier(file: RealmFile(path: edit.path)).verify().problems == [])
    }

    @Test func embeddedObjectsEditedThroughTheirParent() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try Edit("alltypes")
        var expected = try ExpectedDump(fixture: "alltypes")
        // AllTypes[1].address is EmbeddedAddress 1; AllTypes[2].addressList holds 4 and 5.
        #expect(try expected.member("address", of: Self.allTypes, key: 1) == J.link("class_EmbeddedAddress", 1))
        try edit.run("set AllTypes[1].address.city = \"Oslo\"")
        try edit.run("set AllTypes[2].addressList[1].zip = 1234")
        try edit.run("move AllTypes[2].addressList 1 0")
        try expected.set("city", of: "class_EmbeddedAddress", key: 1, to: .string("Oslo"))
        try expected.set("zip", of: "class_EmbeddedAddress", key: 5, to: .int(1234))
        try expected.set("addressList", of: Self.allTypes, key: 2, to: .array([J.link("class_EmbeddedAddress", 5), J.link("class_EmbeddedAddress", 4)]))
        let before = try edit.bytes
        // An existing embedded object cannot be linked a second time (new ones come from
        // `append LIST { ... }`, LifecycleTests).
        let onlyNewOnes = ExpectedError.refusedEdit(mentioning: "embedded objects are added with 'append LIST { ... }'")
        expectError(onlyNewOnes) { try edit.run("append AllTypes[2].addressList EmbeddedAddress[0]") }
        expectError(onlyNewOnes) { try edit.run("set AllTypes[2].addressList[0] = EmbeddedAddress[0]") }
        #expect(try edit.bytes == before)
        #expect(try edit.dump() == expected.value)
        #expect(try FileVerifier(file: RealmFile(path: edit.path)).verify().problems == [])
    }

    @Test func invalidEditsChangeNothing() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try Edit("alltypes")
        let original = try edit.bytes
        // AllTypes[2].intList is [1, Int64.min], its intDict has the keys k0 and k1;
        // AllTypes[0].mixedList[6] is the list [42].
        let noElement = { (position: Int, count: Int) in CollectionEditError.positionOutOfRange(position: position, count: count).description }
        let rejected: [(String, ExpectedError)] = [
            ("set AllTypes[2].intList[5] = 1", .refusedEdit(mentioning: "AllTypes.intList", noElement(5, 2))),   // out of range
            ("set AllTypes[2].intList[-3] = 1", .refusedEdit(mentioning: "AllTypes.intList", noElement(-3, 2))),
            ("set AllTypes[2].intList[0] = 'x'", .invalidValue(mentioning: "AllTypes.intList", "int", "x")),    // type mismatch
            ("set AllTypes[2].intList[0] = null", .invalidValue(mentioning: "AllTypes.intList", "cannot be null")), // required elements
            ("append AllTypes[2].intSet 1.5", .invalidValue(mentioning: "AllTypes.intSet", "int", "1.5")),
            ("append AllTypes[2].uuidList 'not a uuid'", .invalidValue(mentioning: "AllTypes.uuidList", "uuid", "not a uuid")),
            ("remove AllTypes[2].intDict[\"nope\"]",                                                              // unknown key
             .refusedEdit(mentioning: "AllTypes.intDict", CollectionEditError.noSuchKey("nope").description)),
            ("remove AllTypes[2].intSet 999", .refusedEdit(mentioning: "AllTypes.intSet", "999 is not in it")),  // not in the set
            ("set AllTypes[2].intSet[0] = 1", .invalidValue(mentioning: "AllTypes[2].intSet is a set", "'remove'", "'append'")),
            ("move AllTypes[2].intSet 0 1", .refusedEdit(mentioning: "AllTypes.intSet", "a set does not support moving")),
            ("set AllTypes[2].intDict = {\"a\" 1}", .invalidValue(mentioning: "\"key\": value", "\"a\" 1")),     // no colon
            ("append AllTypes[2].intDict 5", .usage(mentioning: "set AllTypes[2].intDict[\"KEY\"] = VALUE")),
            // A bare subscript of a dictionary is a key, and there is no key "0".
            ("remove AllTypes[2].intDict[0]", .refusedEdit(mentioning: "AllTypes.intDict", CollectionEditError.noSuchKey("0").description)),
            ("set AllTypes[0].mixedList[6][9] = 1", .refusedEdit(mentioning: "AllTypes.mixedList[6]", noElement(9, 1))),  // nested
            ("append AllTypes[2].targetSet AllTypes[0]", .invalidValue(mentioning: "targetSet links to Target, not to AllTypes")),
            ("append AllTypes[2].targetList null", .invalidValue(mentioning: "targetList", "not null")),
            ("set AllTypes[2].nosuch[0] = 1", .exactly(.unknownProperty(className: "AllTypes", name: "nosuch"))),
            ("move AllTypes[2].intList 0 9", .refusedEdit(mentioning: "AllTypes.intList", noElement(9, 2))),
            ("set AllTypes[2].intList = 5", .invalidValue(mentioning: "in braces", "set AllTypes[2].intList = {1, 2, 3}")),
        ]
        for (command, error) in rejected {
            expectError(error, "\(command)") { try edit.run(command) }
        }
        #expect(try edit.bytes == original, "rejected edits write nothing")

        // In a transaction, a failed statement leaves the staged ones in place.
        var expected = try ExpectedDump(fixture: "alltypes")
        let version = try #require(edit.session.file?.top?.version)
        try edit.run("begin")
        try edit.run("append AllTypes[2].intList 8")
        expectError(.refusedEdit(mentioning: "AllTypes.intList", noElement(9, 3)), "3 elements with the staged 8") {
            try edit.run("set AllTypes[2].intList[9] = 1")
        }
        expectError(.refusedEdit(mentioning: "AllTypes.intDict", CollectionEditError.noSuchKey("nope").description)) {
            try edit.run("remove AllTypes[2].intDict[\"nope\"]")
        }
        try edit.run("append AllTypes[2].intList 9")
        try edit.run("set AllTypes[2].intList[0] = 2")
        try edit.run("set AllTypes[2].intDict[\"k0\"] = 10")
        try edit.run("status")
        #expect(edit.output.text.contains("4. AllTypes[2].intDict[\"k0\"] = 10"))
        try edit.run("commit")
        _ = try SpaceAccounting.verify([UInt8](try edit.bytes))
        #expect(edit.session.file?.top?.version == version + 1, "one version for the transaction")
        try expected.updateList("intList", of: Self.allTypes, key: 2) { list in
            list += [.int(8), .int(9)]
            list[0] = .int(2)
        }
        try expected.updateDictionary("intDict", of: Self.allTypes, key: 2) { $0[0].value = .int(10) }
        #expect(try edit.dump() == expected.value)
    }

    @Test func collectionEditsMixWithCreationsInOneTransaction() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try Edit("alltypes")
        var expected = try ExpectedDump(fixture: "alltypes")
        try edit.run("begin")
        // Both classes get new objects, so the commit rewrites their trees (TableRebuilder) with
        // the collection edits and the backlinks they move.
        try edit.run("create Target name = \"new\", value = 1")
        try edit.run("append AllTypes[2].targetSet Target[1]")
        try edit.run("create AllTypes _id = \"obj-new\"")
        try edit.run("append AllTypes[2].intSet 5")
        try edit.run("set AllTypes[2].intDict[\"a\"] = 1")
        try edit.run("remove AllTypes[0].mixedList[4]")
        // The new object (keys 0..299 were used) is named by its key until the commit.
        #expect(edit.output.text.contains("new object AllTypes[_key = 300]"))
        try edit.run("append AllTypes[_key = 300].intList 7")
        try edit.run("append AllTypes[_key = 300].intList 8")
        try edit.run("remove AllTypes[_key = 300].intList[0]")
        try edit.run("set AllTypes[_key = 300].stringOptDict[\"k\"] = null")
        try edit.run("append AllTypes[_key = 300].targetSet Target[2]")
        try edit.run("commit")
        _ = try SpaceAccounting.verify([UInt8](try edit.bytes))
        try expected.updateList("targetSet", of: Self.allTypes, key: 2) { $0.insert(J.link("class_Target", 1), at: 1) }
        try expected.updateList("intSet", of: Self.allTypes, key: 2) { $0.insert(.int(5), at: 0) }
        try expected.updateDictionary("intDict", of: Self.allTypes, key: 2) { $0.insert((key: "a", value: .int(1)), at: 0) }
        try expected.updateList("mixedList", of: Self.allTypes, key: 0) { $0.remove(at: 4) }
        let dump = try edit.dump()
        let tables = try #require(dump["tables"]?.array)
        for name in [Self.allTypes, "class_Target"] {
            let objects = try #require(tables.first { $0["name"]?.string == name }?["objects"]?.array)
            #expect(Array(objects.dropLast()) == (try expected.objects(of: name)), "\(name): the old objects, edited")
            #expect(objects.count == (try expected.objects(of: name)).count + 1, "\(name): one new object")
        }
        let created = try #require(tables.first { $0["name"]?.string == Self.allTypes }?["objects"]?.array?.last)
        #expect(created["_key"]?.int == 300)
        #expect(created["intList"] == .array([.int(8)]))
        #expect(created["stringOptDict"] == J.dictionary([("k", .null)]))
        #expect(created["targetSet"] == .array([J.link("class_Target", 2)]))
        #expect(created["intSet"] == .array([]), "untouched collections of a new object are empty")
        #expect(try FileVerifier(file: RealmFile(path: edit.path)).verify().problems == [])
    }
}
