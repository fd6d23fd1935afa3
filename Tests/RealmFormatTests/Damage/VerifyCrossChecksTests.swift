@testable import RealmFormat
import TestSupport
import Testing

/// The checks of `verify` that compare one part of a file with another: links with backlinks,
/// search indexes with values, the history with its type, and an encrypted file's pages with
/// their HMACs. Each takes one precise damage of a fixture copy and the whole problem expected.
@Suite("verify cross-checks", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct VerifyCrossChecksTests {
    /// species.realm with Specimen 0's category link (stored as key + 1) moved from Birds (key 0)
    /// to Mammals (key 1): Birds has a backlink without its link, Mammals a link without its
    /// backlink.
    @Test func backlinksNameALinkMovedWithoutItsBacklink() throws {
        guard Fixtures.requirePresent() else { return }
        let damage = try VerifyDamage("species")
        defer { damage.remove() }
        let specimen = try damage.table("class_Specimen")
        let node = try damage.columnNode(try damage.column("category", of: specimen), of: specimen)
        #expect(try node.int(0) == 1)
        try damage.setElement(0, of: node, to: 2)

        let expected = [
            VerificationProblem(.backlinks, table: "class_Category", objectKey: 0,
                                "7 link(s) from class_Specimen.category, 8 backlink(s)"),
            VerificationProblem(.backlinks, table: "class_Category", objectKey: 1,
                                "10 link(s) from class_Specimen.category, 9 backlink(s)"),
        ]
        #expect(VerifyChecksTests.ordered(try damage.problems()) == VerifyChecksTests.ordered(expected))
    }

    /// tasks.realm with the first byte of BankInfo 0's primary key ("NL91ABNA0417164300", in a
    /// small-blob leaf) changed to "X" and its search index left as it was.
    @Test func searchIndexNamesAValueItDoesNotFind() throws {
        guard Fixtures.requirePresent() else { return }
        let damage = try VerifyDamage("tasks")
        defer { damage.remove() }
        let banks = try damage.table("class_BankInfo")
        let column = try damage.column("bank_accno", of: banks)
        let leaf = try damage.columnNode(column, of: banks)
        #expect(leaf.hasRefs && leaf.size >= 2)
        let blob = try #require(try leaf.child(1, "blob"))
        let value = Array("NL91ABNA0417164300".utf8)
        #expect(damage.bytes(at: blob.ref + 8, count: value.count) == value)
        try damage.copy.patch(offset: blob.ref + 8, byte: UInt8(ascii: "X"))
        let index = try #require(column.searchIndexRef)

        #expect(try damage.problems() == [
            VerificationProblem(.searchIndex, table: "class_BankInfo", objectKey: 0, column: "bank_accno", offset: Int(index),
                                "looking up the value of 1 object(s) does not find them (the first is named)"),
        ])
    }

    /// history.realm with the history type in the top array (slot 7) changed from in-realm to
    /// none while slot 8 still holds the history's root.
    @Test func historyNamesATypeThatDisagreesWithItsRoot() throws {
        guard Fixtures.requirePresent() else { return }
        let damage = try VerifyDamage("history")
        defer { damage.remove() }
        let top = try damage.groupTop()
        #expect(damage.fixture.top?.historyType == .inRealm)
        let root = try top.int(8)
        #expect(root > 0 && root % 8 == 0)
        try damage.setTagged(7, of: top, to: HistoryType.none.rawValue)

        #expect(try damage.problems() == [
            VerificationProblem(.history, offset: top.ref, "history type none, but top slot 8 holds \(root)"),
        ])
    }

    /// encrypted.realm with one byte of data page 3's HMAC (its IV-table entry, bytes 4-31)
    /// flipped. Every page is authenticated when the file opens, so the damage stops the open,
    /// and `unopenable` turns it into the encryption check's problem (`verify()` itself never
    /// sees an encrypted page: a file that opens is decrypted whole). A wrong key is not a
    /// problem of the file: `unopenable` leaves it to the caller as an error.
    @Test func encryptionNamesADamagedPage() throws {
        guard Fixtures.requirePresent() else { return }
        let key = try EncryptedFixture.key()
        let original = try Fixtures.bytes("encrypted")
        let copy = try TemporaryRealmCopy(bytes: original, name: "verify-encrypted")
        defer { copy.remove() }
        #expect(VerifyCrossChecksTests.openingError(copy.path, key: key) == nil)

        let entry = EncryptedLayout.ivEntryOffset(page: 3) + 4
        try copy.patch(offset: entry, byte: original[entry] ^ 0x80)
        let error = try #require(VerifyCrossChecksTests.openingError(copy.path, key: key))
        let pageStart = EncryptedLayout.physicalOffset(page: 3)
        #expect(pageStart == 4 * 4096)
        let report = try #require(FileVerifier.unopenable(path: copy.path, error: error))
        #expect(report.problems == [
            VerificationProblem(.encryption, offset: pageStart, "the file does not open: \(copy.path): encrypted page 3 "
                                + "(file offset \(pageStart)) is damaged: its HMAC matches neither IV slot"),
        ])

        try copy.patch(offset: entry, byte: original[entry])
        let wrongKey = try #require(VerifyCrossChecksTests.openingError(copy.path, key: try EncryptedFixture.alteredKey(byte: 0)))
        #expect(FileVerifier.unopenable(path: copy.path, error: wrongKey) == nil)
    }

    private static func openingError(_ path: String, key: EncryptionKey) -> RealmFormatError? {
        do throws(RealmFormatError) {
            _ = try RealmFile(path: path, key: key)
            return nil
        } catch {
            return error
        }
    }
}
