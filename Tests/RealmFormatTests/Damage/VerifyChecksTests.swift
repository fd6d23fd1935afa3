@testable import RealmFormat
import TestSupport
import Testing

/// Each of `verify`'s structural checks, fired by one precise damage of a fixture copy: the node
/// to damage is found by walking the file (tables, columns, leaves, the top array), and the
/// problem verify reports is asserted whole: check, table, object key, column, offset, message.
/// The checks that compare the file with itself (backlinks, search indexes, history,
/// encryption) are in `VerifyCrossChecksTests`.
@Suite("verify checks", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct VerifyChecksTests {
    /// species.realm with one free-list entry 8 bytes shorter: its last 8 bytes are neither a
    /// node nor free space (leaked).
    @Test func spaceNamesLeakedBytes() throws {
        guard Fixtures.requirePresent() else { return }
        let damage = try VerifyDamage("species")
        defer { damage.remove() }
        let top = try damage.groupTop()
        let positions = try #require(try top.child(3, "free-list positions"))
        let lengths = try #require(try top.child(4, "free-list lengths"))
        let entry = try #require(try (0..<lengths.size).first { try lengths.int($0) >= 16 })
        let end = Int(try positions.int(entry) + lengths.int(entry))
        try damage.setElement(entry, of: lengths, to: try lengths.int(entry) - 8)

        #expect(try damage.problems() == [
            VerificationProblem(.space, offset: end - 8, "bytes \(end - 8)..<\(end) belong to no node and no free entry"),
        ])
    }

    /// species.realm with Specimen.category's target table key (its table's opposite-tables
    /// array, slot 7) set to 99, which no table has: the schema names the link column and the
    /// backlink column in Category that no longer matches it; the links, now read as pointing
    /// into table 99, leave every Category backlink without its link.
    @Test func schemaNamesALinkToAMissingTable() throws {
        guard Fixtures.requirePresent() else { return }
        let damage = try VerifyDamage("species")
        defer { damage.remove() }
        let specimen = try damage.table("class_Specimen")
        let category = try damage.column("category", of: specimen)
        let categories = try damage.table("class_Category")
        #expect(category.targetTableKey == categories.key)
        #expect(damage.fixture.table(withKey: 99) == nil)
        let oppositeTables = try #require(try damage.tableTop(specimen).child(7, "opposite tables"))
        try damage.setElement(category.leafIndex, of: oppositeTables, to: 99)
        let backlinks = try #require(categories.backlinkColumns.first)

        let linksPerCategory: [Int64: Int] = [0: 8, 1: 9, 2: 11, 3: 6, 4: 7]
        var expected = [
            VerificationProblem(.schema, table: "class_Category", column: "backlink column \(backlinks.key.rawValue)",
                                "its origin class_Specimen.category links elsewhere"),
            VerificationProblem(.schema, table: "class_Specimen", column: "category", "links to table key 99, which no table has"),
        ]
        for (key, links) in linksPerCategory {
            expected.append(VerificationProblem(.backlinks, table: "table key 99", objectKey: key,
                                                "\(links) link(s) from class_Specimen.category point at this object, which does not exist"))
            expected.append(VerificationProblem(.backlinks, table: "class_Category", objectKey: key,
                                                "\(links) backlink(s) from class_Specimen.category match no link"))
        }
        #expect(VerifyChecksTests.ordered(try damage.problems()) == VerifyChecksTests.ordered(expected))
    }

    /// history.realm (explicit, sparse object keys) with the first two keys of Note's first leaf
    /// swapped: the tree names the key out of order, and the primary key's index, which still
    /// maps each id to its old key, no longer finds those two objects.
    @Test func clusterTreeNamesKeysOutOfOrder() throws {
        guard Fixtures.requirePresent() else { return }
        let damage = try VerifyDamage("history")
        defer { damage.remove() }
        let notes = try damage.table("class_Note")
        let leaf = try damage.firstLeaf(of: notes)
        let keys = try #require(leaf.keys, "Note's leaves keep explicit keys")
        let (first, second) = (try keys.int(0), try keys.int(1))
        #expect(leaf.keyOffset == 0 && first == 0 && second == 1)
        try damage.setElement(0, of: keys, to: second)
        try damage.setElement(1, of: keys, to: first)
        let index = try #require(try damage.column("id", of: notes).searchIndexRef)

        #expect(try damage.problems() == [
            VerificationProblem(.clusterTree, table: "class_Note", objectKey: 0, offset: leaf.nodeRef,
                                "object key 0 follows key 1: keys must ascend"),
            VerificationProblem(.searchIndex, table: "class_Note", objectKey: 1, column: "id", offset: Int(index),
                                "looking up the value of 2 object(s) does not find them (the first is named)"),
        ])
    }

    /// tasks.realm with Task.isCompleted's node (bits of width 1) claiming 25 values for the
    /// leaf's 26 objects; its byte size stays, so only the length is wrong.
    @Test func clusterTreeNamesAColumnNodeOfTheWrongLength() throws {
        guard Fixtures.requirePresent() else { return }
        let damage = try VerifyDamage("tasks")
        defer { damage.remove() }
        let tasks = try damage.table("class_Task")
        let node = try damage.columnNode(try damage.column("isCompleted", of: tasks), of: tasks)
        #expect(node.size == 26 && node.width == 1)
        try damage.setSize(of: node, to: 25)

        #expect(try damage.problems() == [
            VerificationProblem(.clusterTree, table: "class_Task", column: "isCompleted", offset: node.ref,
                                "column \"isCompleted\" at offset \(node.ref): holds 25 values for 26 objects"),
        ])
    }

    /// species.realm with the length byte of Category 2's short string ("Flora") set past its
    /// slot's width.
    @Test func valuesNamesAStringOfAnImpossibleLength() throws {
        guard Fixtures.requirePresent() else { return }
        let damage = try VerifyDamage("species")
        defer { damage.remove() }
        let categories = try damage.table("class_Category")
        let node = try damage.columnNode(try damage.column("name", of: categories), of: categories)
        #expect(node.widthType == .multiply && node.width == 16)
        let slot = node.ref + 8 + 2 * node.width
        #expect(damage.bytes(at: slot, count: 6) == Array("Flora\0".utf8))
        try damage.copy.patch(offset: slot + node.width - 1, byte: 17)

        #expect(try damage.problems() == [
            VerificationProblem(.values, table: "class_Category", objectKey: 2, column: "name", offset: node.ref,
                                "short string 2 at offset \(node.ref): length byte 17 exceeds the slot width 16"),
        ])
    }

    /// alltypes.realm with the element count in the root of obj-0005's 2000-int list (an inner
    /// B+tree node, its last slot) raised to 2001.
    @Test func collectionsNamesAListWhoseSizeDisagrees() throws {
        guard Fixtures.requirePresent() else { return }
        let damage = try VerifyDamage("alltypes")
        defer { damage.remove() }
        let table = try damage.table("class_AllTypes")
        let leaf = try damage.firstLeaf(of: table)
        let lists = try ColumnLeafReader(leaf: leaf, column: try damage.column("intList", of: table))
        let ids = try ColumnLeafReader(leaf: leaf, column: try damage.column("_id", of: table))
        #expect(try ids.value(at: 5) == .string("obj-0005") && leaf.key(at: 5) == 5)
        guard case let .collection(list) = try lists.value(at: 5), let rootRef = list.rootRef else {
            Issue.record("obj-0005 has no intList")
            return
        }
        let root = try damage.fixture.mapped.bytes.node(at: rootRef, context: "intList")
        #expect(root.isInner && list.elementCount == 2000)
        try damage.setTagged(root.size - 1, of: root, to: 2001)

        #expect(try damage.problems() == [
            VerificationProblem(.collections, table: "class_AllTypes", objectKey: 5, column: "intList", offset: Int(rootRef),
                                "the collection claims 2001 elements and holds 2000"),
        ])
    }

    /// Problems in a fixed order: the backlink check lists what it finds in hash order.
    static func ordered(_ problems: [VerificationProblem]) -> [String] {
        problems.map(\.description).sorted()
    }
}
