import RealmInterchange
import Testing
import TestSupport

/// The golden dump tests pass only if `DumpComparison` finds nothing, so it gets checks of its
/// own: a comparator that never reports a difference would make them pass vacuously.
@Suite("Dump comparison")
struct DumpComparisonTests {
    /// A small dump in the canonical shape: one table with a set, a dictionary and a list column.
    static func dump(fileFormat: Int = 24, upgradedFrom: Int? = nil, indexed: Bool = false,
                     set: String = "[1, 2, 3]", dictionary: String = #"{"$dict": [["a", 1], ["b", 2]]}"#,
                     list: String = "[1, 2]", name: String = "x") throws -> JSONValue {
        let upgraded = upgradedFrom.map { #""upgraded_from": \#($0), "# } ?? ""
        let columns = ["s", "d", "l"].map { column in
            let collection = column == "s" ? "set" : column == "d" ? "dictionary" : "list"
            return #"{"name": "\#(column)", "type": "int", "nullable": false, "collection": "\#(collection)", "target": null, "indexed": \#(indexed), "fulltext": false}"#
        }
        return try JSONParser.parse(#"""
        {"file_format": \#(fileFormat), \#(upgraded)"tables": [{"name": "t", "class": null, "kind": "top-level",
         "primary_key": null, "columns": [\#(columns.joined(separator: ", "))], "count": 1,
         "objects": [{"_key": 7, "s": \#(set), "d": \#(dictionary), "l": \#(list), "n": "\#(name)"}]}]}
        """#)
    }

    @Test("equal dumps have no difference; the first difference is named by table, key and member")
    func namesFirstDifference() throws {
        #expect(DumpComparison.firstDifference(expected: try Self.dump(), actual: try Self.dump()) == nil)
        let difference = DumpComparison.firstDifference(expected: try Self.dump(), actual: try Self.dump(list: "[1, 3]"))
        #expect(difference == #"dump.tables[0 "t"].objects[0 _key=7].l[1]: 3, expected 2"#)
        let shorter = DumpComparison.firstDifference(expected: try Self.dump(), actual: try Self.dump(list: "[1]"))
        #expect(shorter == #"dump.tables[0 "t"].objects[0 _key=7].l: 1 elements, expected 2"#)
        // Order matters outside legacy mode, even for sets.
        #expect(DumpComparison.firstDifference(expected: try Self.dump(), actual: try Self.dump(set: "[3, 2, 1]")) != nil)
    }

    @Test("strings are compared byte for byte, not by Unicode canonical equivalence")
    func stringsAreBytes() throws {
        let precomposed = try Self.dump(name: "\u{E9}")
        let decomposed = try Self.dump(name: "e\u{301}")
        #expect(precomposed == decomposed, "JSONValue == treats them as equal, which is why the comparison does not rely on it")
        #expect(DumpComparison.firstDifference(expected: precomposed, actual: decomposed) != nil)
    }

    @Test("legacy mode ignores format members, indexes and set/dictionary order, nothing else")
    func legacyMode() throws {
        let expected = try Self.dump(upgradedFrom: 22, indexed: true)
        let reordered = try Self.dump(fileFormat: 22, set: "[3, 1, 2]", dictionary: #"{"$dict": [["b", 2], ["a", 1]]}"#)
        #expect(DumpComparison.firstDifference(expected: expected, actual: reordered, legacy: true) == nil)
        #expect(DumpComparison.firstDifference(expected: expected, actual: reordered) != nil)

        let otherElement = try Self.dump(fileFormat: 22, set: "[3, 1, 4]")
        #expect(DumpComparison.firstDifference(expected: expected, actual: otherElement, legacy: true) != nil)
        let otherValue = try Self.dump(fileFormat: 22, dictionary: #"{"$dict": [["b", 1], ["a", 2]]}"#)
        #expect(DumpComparison.firstDifference(expected: expected, actual: otherValue, legacy: true) != nil)
        let listReordered = try Self.dump(fileFormat: 22, list: "[2, 1]")
        #expect(DumpComparison.firstDifference(expected: expected, actual: listReordered, legacy: true) != nil)
    }
}
