@testable import RealmFormat
import Testing

/// `CollectionEdit` on contents in memory: list positions, set order and equality as §6.17 of
/// the format document states them, dictionary key order, and the errors for impossible edits.
@Suite("Collection edit rules")
struct CollectionEditApplyTests {
    func scalars(_ values: [RealmValue]) -> [NewValue] { values.map(NewValue.scalar) }

    @Test func listPositionsCountFromEitherEnd() throws {
        let list = scalars([.int(10), .int(20), .int(30)])
        #expect(try CollectionEdit.replace(at: -1, with: .int(5)).applied(toElements: list, isSet: false) == scalars([.int(10), .int(20), .int(5)]))
        #expect(try CollectionEdit.remove(at: 0).applied(toElements: list, isSet: false) == scalars([.int(20), .int(30)]))
        #expect(try CollectionEdit.move(from: 0, to: 2).applied(toElements: list, isSet: false) == scalars([.int(20), .int(30), .int(10)]))
        #expect(try CollectionEdit.add(.int(10)).applied(toElements: list, isSet: false) == scalars([.int(10), .int(20), .int(30), .int(10)]),
                "lists keep duplicates")
        #expect(throws: CollectionEditError.positionOutOfRange(position: 3, count: 3)) {
            try CollectionEdit.remove(at: 3).applied(toElements: list, isSet: false)
        }
        #expect(throws: CollectionEditError.positionOutOfRange(position: -4, count: 3)) {
            try CollectionEdit.replace(at: -4, with: .int(1)).applied(toElements: list, isSet: false)
        }
        #expect(throws: CollectionEditError.self) { try CollectionEdit.setEntry(key: "k", value: .int(1)).applied(toElements: list, isSet: false) }
    }

    @Test func setsInsertInStoredOrderOnce() throws {
        let ints = scalars([.int(-3), .int(7)])
        #expect(try CollectionEdit.add(.int(0)).applied(toElements: ints, isSet: true) == scalars([.int(-3), .int(0), .int(7)]))
        #expect(try CollectionEdit.add(.int(7)).applied(toElements: ints, isSet: true) == nil, "already there: no change")
        #expect(throws: CollectionEditError.self) { try CollectionEdit.move(from: 0, to: 1).applied(toElements: ints, isSet: true) }
        #expect(throws: CollectionEditError.self) { try CollectionEdit.replace(at: 0, with: .int(1)).applied(toElements: ints, isSet: true) }
        #expect(throws: CollectionEditError.notInSet("5")) { try CollectionEdit.removeValue(.int(5)).applied(toElements: ints, isSet: true) }

        // Strings: bytewise, a proper prefix first; "Z" (0x5A) before "a" (0x61) before "é" (0xC3 0xA9).
        let strings = scalars([.string("a"), .string("ab")])
        #expect(try CollectionEdit.replaceAll([.string("é"), .string("ab"), .string("Z"), .string("a"), .string("ab")])
            .applied(toElements: [], isSet: true) == scalars([.string("Z"), .string("a"), .string("ab"), .string("é")]))
        #expect(try CollectionEdit.add(.null).applied(toElements: strings, isSet: true)?.first == .scalar(.null), "null sorts first")

        // Mixed: numbers compare by value across types, so 1.0 is the int 1 already there.
        let mixed = scalars([.null, .bool(true), .int(1), .string("one")])
        #expect(try CollectionEdit.add(.double(1.0)).applied(toElements: mixed, isSet: true) == nil)
        #expect(try CollectionEdit.add(.double(0.5)).applied(toElements: mixed, isSet: true)
            == scalars([.null, .bool(true), .double(0.5), .int(1), .string("one")]))
        #expect(try CollectionEdit.add(.bool(false)).applied(toElements: mixed, isSet: true)
            == scalars([.null, .bool(false), .bool(true), .int(1), .string("one")]))
        #expect(try CollectionEdit.removeValue(.double(1)).applied(toElements: mixed, isSet: true)
            == scalars([.null, .bool(true), .string("one")]))

        // NaN equals only NaN; other values are placed as if it were not there.
        let doubles = scalars([.double(.infinity), .double(.nan)])
        #expect(try CollectionEdit.add(.double(.nan)).applied(toElements: doubles, isSet: true) == nil)
        let added = try #require(try CollectionEdit.add(.double(2.5)).applied(toElements: doubles, isSet: true))
        #expect(added.count == 3)
        #expect(added[0] == .scalar(.double(2.5)))
        #expect(added[1] == .scalar(.double(.infinity)))
    }

    @Test func unchangedMeansTheSameBytes() {
        #expect(TableEditor.identical(.string("\u{E9}"), .string("\u{E9}")))
        #expect(!TableEditor.identical(.string("\u{E9}"), .string("e\u{301}")), "Swift's == would call these equal")
        #expect(!TableEditor.identical(.double(0), .double(-0.0)))
        #expect(!TableEditor.identical(.float(0), .float(-0.0)))
        #expect(TableEditor.identical(.double(.nan), .double(.nan)))
        #expect(TableEditor.identical(.int(5), .int(5)))
    }

    @Test func dictionariesKeepKeysInByteOrder() throws {
        let entries = [DictionaryEntry(key: "", value: .scalar(.int(0))), DictionaryEntry(key: "b", value: .scalar(.int(2))),
                       DictionaryEntry(key: "键", value: .scalar(.int(3)))]
        let inserted = try CollectionEdit.setEntry(key: "ba", value: .null).applied(toEntries: entries)
        #expect(inserted.map(\.key) == ["", "b", "ba", "键"])
        #expect(inserted[2].value == .scalar(.null))
        let replaced = try CollectionEdit.setEntry(key: "b", value: .string("x")).applied(toEntries: entries)
        #expect(replaced.map(\.key) == ["", "b", "键"])
        #expect(replaced[1].value == .scalar(.string("x")))
        #expect(try CollectionEdit.removeEntry(key: "").applied(toEntries: entries).map(\.key) == ["b", "键"])
        #expect(throws: CollectionEditError.noSuchKey("zz")) { try CollectionEdit.removeEntry(key: "zz").applied(toEntries: entries) }
        #expect(throws: CollectionEditError.self) { try CollectionEdit.add(.int(1)).applied(toEntries: entries) }
        let whole = try CollectionEdit.replaceEntries(keys: ["z", "", "b"], values: [.int(1), .int(2), .int(3)]).applied(toEntries: entries)
        #expect(whole.map(\.key) == ["", "b", "z"])
        #expect(whole.map(\.value) == [.scalar(.int(2)), .scalar(.int(3)), .scalar(.int(1))])
        #expect(throws: CollectionEditError.duplicateKey("b")) {
            try CollectionEdit.replaceEntries(keys: ["b", "b"], values: [.int(1), .int(2)]).applied(toEntries: entries)
        }
        // Keys are bytes: a decomposed "é" (65 CC 81) is another key than the precomposed one (C3 A9).
        let accented = [DictionaryEntry(key: "\u{E9}", value: .scalar(.int(1)))]
        let both = try CollectionEdit.setEntry(key: "e\u{301}", value: .int(2)).applied(toEntries: accented)
        #expect(both.map { Array($0.key.utf8) } == [[0x65, 0xCC, 0x81], [0xC3, 0xA9]])
        #expect(throws: CollectionEditError.self) { try CollectionEdit.removeEntry(key: "e\u{301}").applied(toEntries: accented) }
    }
}
