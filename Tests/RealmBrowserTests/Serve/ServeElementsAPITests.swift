import RealmShell
import Foundation
import RealmInterchange
import Testing
import TestSupport

/// `/api/object`'s `elements`: each element of a list, set or dictionary as the REPL's text,
/// 500 at a time, and a dictionary's entry set through `/api/edit`. Expected values come from
/// Realm's dump of the fixture (NAME.json), never from our own output.
@Suite("serve: the elements of collections as text, and dictionary entries set", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ServeElementsAPITests {
    private static func objects(_ dump: JSONValue, _ table: String) -> [JSONValue] {
        ServeTests.table(dump, table)?["objects"]?.array ?? []
    }

    /// The text the REPL's table shows for a dump value of an int or string property: ints
    /// bare, strings unquoted, null as `null`; nil for strings with control characters (which
    /// the REPL escapes) and other types.
    private static func text(_ value: JSONValue) -> String? {
        switch value {
        case let .int(number): return String(number)
        case .null: return "null"
        case let .string(text):
            guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
            return text
        default: return nil
        }
    }

    /// `text` as an element's cell carries it: over 200 characters, its first 199 and `…`
    /// (the whole value is `show OBJ.P[I]`'s).
    private static func expectText(_ cell: JSONValue, _ text: String, _ place: String) {
        let cut = text.count > 200
        let expected = cut ? String(text.prefix(199)) + "…" : text
        #expect(cell["text"]?.string == expected, "\(place)")
        #expect((cell["cut"] == .bool(true)) == cut, "\(place)")
    }

    /// A dump's `{"$dict": [[KEY, VALUE], ...]}` as pairs.
    private static func entries(_ value: JSONValue?) -> [(key: String, value: JSONValue)] {
        (value?["$dict"]?.array ?? []).compactMap { pair in
            guard let parts = pair.array, parts.count == 2, let key = parts[0].string else { return nil }
            return (key, parts[1])
        }
    }

    private static func linkKeys(_ value: JSONValue?) -> [Int64] {
        value?.array?.compactMap { $0["$link"]?.array?.last?.int } ?? []
    }

    @Test("AllTypes: ints, strings, dictionaries and links, element by element, as the dump has them")
    func allTypesElements() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try ServeTests.dump("alltypes")
        let server = try ServeTests.Server("alltypes")
        defer { server.process.stop() }
        var checked = (strings: 0, ints: 0, entries: 0, links: 0)
        for object in Self.objects(dump, "class_AllTypes") {
            let key = try #require(object["_key"]?.int)
            let answer = try server.json("/api/object?class=AllTypes&key=\(key)")
            let elements = try #require(answer["elements"])
            let counts = try #require(answer["elementCounts"])
            for property in ["intList", "stringOptList", "intSet", "stringOptSet"] {
                let expected = object[property]?.array ?? []
                let cells = elements[property]?.array ?? []
                #expect(counts[property]?.int == Int64(expected.count), "\(key).\(property)")
                #expect(cells.count == min(expected.count, 500), "\(key).\(property)")
                for (cell, value) in zip(cells, expected) {
                    guard let text = Self.text(value) else { continue }
                    Self.expectText(cell, text, "\(key).\(property)")
                    #expect(cell["text"]?.string?.hasPrefix("{\"$") == false)
                    if case .string = value { checked.strings += 1 } else { checked.ints += 1 }
                }
            }
            for property in ["intDict", "stringOptDict"] {
                let expected = Self.entries(object[property])
                let cells = elements[property]?.array ?? []
                #expect(counts[property]?.int == Int64(expected.count), "\(key).\(property)")
                #expect(cells.compactMap { $0["entry"]?.string } == expected.map(\.key), "\(key).\(property)")
                for (cell, entry) in zip(cells, expected) {
                    guard let text = Self.text(entry.value) else { continue }
                    Self.expectText(cell, text, "\(key).\(property)[\(entry.key)]")
                    checked.entries += 1
                }
            }
            for property in ["targetList", "targetSet"] {
                let cells = elements[property]?.array ?? []
                #expect(cells.compactMap { $0["link"]?["key"]?.int } == Self.linkKeys(object[property]), "\(key).\(property)")
                #expect(cells.allSatisfy { $0["link"]?["class"]?.string == "Target" })
                checked.links += cells.count
            }
            // Embedded objects are links to their objects too.
            let addresses = elements["addressList"]?.array ?? []
            #expect(addresses.compactMap { $0["link"]?["key"]?.int } == Self.linkKeys(object["addressList"]), "\(key).addressList")
            #expect(addresses.allSatisfy { $0["link"]?["class"]?.string == "EmbeddedAddress" })
            let targetDict = Self.entries(object["targetDict"])
            let targetCells = elements["targetDict"]?.array ?? []
            #expect(targetCells.compactMap { $0["entry"]?.string } == targetDict.map(\.key), "\(key).targetDict")
            #expect(targetCells.map { $0["link"]?["key"]?.int } == targetDict.map { $0.value["$link"]?.array?.last?.int }, "\(key).targetDict")
            // Scalars have no elements.
            #expect(elements["intReq"] == nil && elements["stringOpt"] == nil)
        }
        #expect(checked.strings > 10 && checked.ints > 10 && checked.entries > 5 && checked.links > 5, "\(checked)")
    }

    @Test("a list of 2,000 ints: 500 in the object, the rest by &elements=P&from=N, all as the dump has them")
    func pages() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try ServeTests.dump("alltypes")
        let object = try #require(Self.objects(dump, "class_AllTypes").max { ($0["intList"]?.array?.count ?? 0) < ($1["intList"]?.array?.count ?? 0) })
        let expected = (object["intList"]?.array ?? []).compactMap(\.int).map(String.init)
        #expect(expected.count > 1000)
        let key = try #require(object["_key"]?.int)
        let server = try ServeTests.Server("alltypes")
        defer { server.process.stop() }
        let first = try server.json("/api/object?class=AllTypes&key=\(key)")
        var texts = first["elements"]?["intList"]?.array?.compactMap { $0["text"]?.string } ?? []
        #expect(texts.count == 500)
        #expect(first["elementCounts"]?["intList"]?.int == Int64(expected.count))
        while texts.count < expected.count {
            let page = try server.json("/api/object?class=AllTypes&key=\(key)&elements=intList&from=\(texts.count)")
            #expect(page["from"]?.int == Int64(texts.count))
            #expect(page["elementCounts"]?["intList"]?.int == Int64(expected.count))
            let more = page["elements"]?["intList"]?.array?.compactMap { $0["text"]?.string } ?? []
            #expect(!more.isEmpty && more.count <= 500)
            if more.isEmpty { break }
            texts += more
        }
        #expect(texts == expected)
        let past = try server.json("/api/object?class=AllTypes&key=\(key)&elements=intList&from=\(expected.count)")
        #expect(past["elements"]?["intList"]?.array == [])
        #expect(try server.client.get("/api/object?class=AllTypes&key=\(key)&elements=intReq", token: server.token).status == 400)
        #expect(try server.client.get("/api/object?class=AllTypes&key=\(key)&elements=nope", token: server.token).status == 400)
        #expect(try server.client.get("/api/object?class=AllTypes&key=\(key)&elements=intList&from=-1", token: server.token).status == 400)
    }

    @Test("TaskList.tasks: the elements link to the dump's tasks")
    func taskLinks() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try ServeTests.dump("tasks")
        let server = try ServeTests.Server("tasks")
        defer { server.process.stop() }
        let lists = Self.objects(dump, "class_TaskList")
        #expect(!lists.isEmpty)
        for list in lists {
            let key = try #require(list["_key"]?.int)
            let cells = try server.json("/api/object?class=TaskList&key=\(key)")["elements"]?["tasks"]?.array ?? []
            #expect(cells.compactMap { $0["link"]?["key"]?.int } == Self.linkKeys(list["tasks"]))
            #expect(cells.allSatisfy { $0["link"]?["class"]?.string == "Task" && $0["text"]?.string?.hasPrefix("Task[") == true })
        }
    }

    @Test("a dictionary entry set through /api/edit and committed is the dump's with that one entry")
    func entrySet() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try ServeBrowsingAPITests.copy("alltypes")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let dump = try ServeTests.dump("alltypes")
        let server = try ServeTests.Server(path: path, ["--write"])
        defer { server.process.stop() }
        let post = server.post
        // Refused: a key over two lines, a key that is not a string, a value of the wrong type.
        #expect(try post("/api/edit", #"{"class": "AllTypes", "key": 1, "property": "intDict", "entry": "a\nb", "value": "7"}"#).status == 400)
        #expect(try post("/api/edit", #"{"class": "AllTypes", "key": 1, "property": "intDict", "entry": 3, "value": "7"}"#).status == 400)
        #expect(try post("/api/edit", #"{"class": "AllTypes", "key": 1, "property": "intDict", "entry": "k", "value": "\"x\""}"#).status == 400)
        #expect(try JSONParser.parse(server.client.get("/api/version", token: server.token).body)["pending"]?.array == [])
        let key = "new key, with spaces"
        let set = try post("/api/edit", #"{"class": "AllTypes", "key": 1, "property": "intDict", "entry": "new key, with spaces", "value": "7"}"#)
        #expect(set.status == 200, "\(set.body)")
        #expect(try JSONParser.parse(set.body)["pending"]?.array?.count == 1)
        // A key holding quotes and brackets, which would end the key and go on to more path
        // (another object's entry) if the path scanner knew no escapes: it stays this key.
        let tricky = #"k"].x["zz"#
        let setTricky = try post("/api/edit", #"{"class": "AllTypes", "key": 1, "property": "intDict", "entry": "k\"].x[\"zz", "value": "8"}"#)
        #expect(setTricky.status == 200, "\(setTricky.body)")
        #expect(try JSONParser.parse(setTricky.body)["pending"]?.array?.count == 2)
        #expect(try post("/api/commit", "").status == 200)
        // The page reads it back as an entry.
        let cells = try server.json("/api/object?class=AllTypes&key=1")["elements"]?["intDict"]?.array ?? []
        #expect(cells.contains { $0["entry"]?.string == key && $0["text"]?.string == "7" })

        let read = try ExecutableTests().run([path, "-c", "dump"])
        #expect(read.status == 0, "\(read.standardError)")
        let after = try JSONParser.parse(read.standardOutput)
        // Everything else is the fixture's dump.
        let tables = dump["tables"]?.array ?? []
        let newTables = after["tables"]?.array ?? []
        #expect(tables.count == newTables.count)
        for (table, newTable) in zip(tables, newTables) where table["name"]?.string != "class_AllTypes" {
            #expect(table == newTable, "\(table["name"]?.string ?? "?")")
        }
        let objects = Self.objects(dump, "class_AllTypes")
        let newObjects = Self.objects(after, "class_AllTypes")
        #expect(objects.count == newObjects.count)
        for (object, newObject) in zip(objects, newObjects) where object["_key"]?.int != 1 {
            #expect(object == newObject, "\(object["_key"]?.int ?? -1)")
        }
        let object = try #require(objects.first { $0["_key"]?.int == 1 })
        let newObject = try #require(newObjects.first { $0["_key"]?.int == 1 })
        for member in object.members ?? [] where member.key != "intDict" {
            #expect(newObject[member.key] == member.value, "\(member.key)")
        }
        // One entry more, in key order (Realm keeps a dictionary's keys sorted).
        var expected = Self.entries(object["intDict"]).map { ($0.key, $0.value) }
        expected.append((key, .int(7)))
        expected.append((tricky, .int(8)))
        expected.sort { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
        let entries = Self.entries(newObject["intDict"])
        #expect(entries.map(\.key) == expected.map(\.0))
        #expect(entries.map(\.value) == expected.map(\.1))
    }
}
