import Foundation
@testable import RealmFormat
import TestSupport
import Testing

/// Writing pages of an encrypted file in place (§11.3): each write rotates the page's IV slots
/// so a torn write still reads the old page, and pages past the end grow the file with IV
/// tables where blocks start.
@Suite("Encryption: writing pages in place")
struct EncryptionInPlaceTests {
    let page = EncryptedLayout.pageSize

    @Test func rewritingAPageRotatesItsEntry() throws {
        let key = try EncryptedFixture.key()
        let scratch = try EncryptionScratch()
        defer { scratch.remove() }
        var image = PlaintextImage.make(pages: 3, seed: 5)
        let path = scratch.path("rotate.realm")
        try writeEncryptedFile(image, to: path, key: key)
        let descriptor = try OpenDescriptor(path)
        let writer = try EncryptedPageWriter(descriptor: descriptor.fd, key: key, freshIV: .sequential)
        #expect(writer.physicalSize == 4 * page && writer.logicalSize == 3 * page)
        let first = try writer.entry(page: 1)
        let newPage = PlaintextImage.make(pages: 1, seed: 6)
        try writePage(writer, 1, newPage)
        let second = try writer.entry(page: 1)
        #expect(second.iv1 == first.iv1 + 1 && second.iv2 == first.iv1 && second.hmac2 == first.hmac1)
        #expect(try writer.entry(page: 0) == IVEntry(bytes: descriptor.bytes(at: 0, count: 64)))
        image.replaceSubrange(page ..< 2 * page, with: newPage)
        #expect(try EncryptedFile(path: path, key: key).plaintextBytes == image)
        // Once more: slot 1 moves to slot 2 again.
        try writePage(writer, 1, PlaintextImage.page(image, 1))
        let third = try writer.entry(page: 1)
        #expect(third.iv1 == second.iv1 + 1 && third.iv2 == second.iv1 && third.hmac2 == second.hmac1)
        #expect(writer.physicalSize == 4 * page)
        var readBack = [UInt8](repeating: 0, count: page)
        let source = try readBack.withUnsafeMutableBytes { try writer.read(page: 1, into: $0) }
        #expect(readBack == newPage && source == .current)
        #expect(try EncryptedFile(path: path, key: key).plaintextBytes == image)
    }

    /// A crash after the IV entry and before the page: the entry on disk is new, the page old;
    /// slot 2 still authenticates the old page, which reads as its previous content. The
    /// opposite tear (a new page under the old entry) is damage.
    @Test(arguments: [0, 1, 2])
    func aTornWriteReadsTheOldPage(dataPage: Int) throws {
        let key = try EncryptedFixture.key()
        let scratch = try EncryptionScratch()
        defer { scratch.remove() }
        let image = PlaintextImage.make(pages: 3, seed: 7)
        let pristine = scratch.path("pristine.realm")
        try writeEncryptedFile(image, to: pristine, key: key)
        let original = try EncryptionScratch.read(pristine)
        // The complete write, to learn the new entry and page.
        let done = try scratch.write(original, to: "done.realm")
        let doneDescriptor = try OpenDescriptor(done)
        let writer = try EncryptedPageWriter(descriptor: doneDescriptor.fd, key: key)
        let newPage = PlaintextImage.make(pages: 1, seed: 8)
        try writePage(writer, dataPage, newPage)
        let entryOffset = EncryptedLayout.ivEntryOffset(page: dataPage)
        let pageOffset = EncryptedLayout.physicalOffset(page: dataPage)
        let newEntry = doneDescriptor.bytes(at: entryOffset, count: 64)
        let newCipherText = doneDescriptor.bytes(at: pageOffset, count: page)
        let completed = try EncryptedFile(path: done, key: key)
        #expect(PlaintextImage.page(completed.plaintextBytes, dataPage) == newPage)
        #expect(completed.interruptedPages.isEmpty)

        let torn = try scratch.write(original, to: "torn.realm")
        try OpenDescriptor(torn).patch(newEntry, at: entryOffset)
        let recovered = try EncryptedFile(path: torn, key: key)
        #expect(recovered.plaintextBytes == image)
        #expect(recovered.interruptedPages == [dataPage])

        let reversed = try scratch.write(original, to: "reversed.realm")
        try OpenDescriptor(reversed).patch(newCipherText, at: pageOffset)
        #expect(encryptionError { _ = try EncryptedFile(path: reversed, key: key) }
                == .damagedPage(page: dataPage, fileOffset: pageOffset))

        // Written again after the torn write, the entry rotates from the slot that authenticates
        // the page on disk (slot 2, the old content), not from slot 1, whose page never arrived.
        let tornEntry = try #require(IVEntry(bytes: newEntry))
        let tornAgain = try scratch.write(try EncryptionScratch.read(torn), to: "torn-again.realm")
        let tornDescriptor = try OpenDescriptor(torn)
        let again = try EncryptedPageWriter(descriptor: tornDescriptor.fd, key: key)
        try writePage(again, dataPage, newPage)
        let entry = try again.entry(page: dataPage)
        #expect(entry.iv2 == tornEntry.iv2 && entry.hmac2 == tornEntry.hmac2)
        #expect(PlaintextImage.page(try EncryptedFile(path: torn, key: key).plaintextBytes, dataPage) == newPage)
        // So a second write interrupted the same way still reads the old page.
        try OpenDescriptor(tornAgain).patch(tornDescriptor.bytes(at: entryOffset, count: 64), at: entryOffset)
        let twice = try EncryptedFile(path: tornAgain, key: key)
        #expect(twice.plaintextBytes == image)
        #expect(twice.interruptedPages == [dataPage])
    }

    @Test func growingByOnePage() throws {
        let key = try EncryptedFixture.key()
        let scratch = try EncryptionScratch()
        defer { scratch.remove() }
        var image = PlaintextImage.make(pages: 3, seed: 10)
        let path = scratch.path("grow.realm")
        try writeEncryptedFile(image, to: path, key: key)
        let descriptor = try OpenDescriptor(path)
        let writer = try EncryptedPageWriter(descriptor: descriptor.fd, key: key, freshIV: .sequential)
        #expect(try writer.entry(page: 3) == .zero)
        let extra = PlaintextImage.make(pages: 1, seed: 11)
        try writePage(writer, 3, extra)
        image += extra
        #expect(writer.physicalSize == 5 * page && writer.logicalSize == 4 * page)
        #expect(try EncryptionScratch.read(path).count == 5 * page)
        let entry = try writer.entry(page: 3)
        #expect(entry.iv1 == 1 && entry.iv2 == 0)
        #expect(try EncryptedFile(path: path, key: key).plaintextBytes == image)
    }

    /// Page 64 starts block 1: its IV table is written (zeros but its own entry) before it.
    @Test func growingAcrossABlock() throws {
        let key = try EncryptedFixture.key()
        let scratch = try EncryptionScratch()
        defer { scratch.remove() }
        var image = PlaintextImage.make(pages: 63, seed: 12)
        let path = scratch.path("block.realm")
        try writeEncryptedFile(image, to: path, key: key)
        #expect(try EncryptionScratch.read(path).count == 64 * page)
        let descriptor = try OpenDescriptor(path)
        let writer = try EncryptedPageWriter(descriptor: descriptor.fd, key: key, freshIV: .sequential)
        for (dataPage, seed) in [(63, 13), (64, 14), (65, 15)] {
            let extra = PlaintextImage.make(pages: 1, seed: UInt64(seed))
            try writePage(writer, dataPage, extra)
            image += extra
        }
        #expect(writer.physicalSize == 68 * page && writer.logicalSize == 66 * page)
        let table = descriptor.bytes(at: 65 * page, count: page)
        #expect(IVEntry(bytes: Array(table[0..<64]))?.iv1 == 1)
        #expect(IVEntry(bytes: Array(table[64..<128]))?.iv1 == 1)
        #expect(table[128...].allSatisfy { $0 == 0 })
        #expect(try EncryptedFile(path: path, key: key).plaintextBytes == image)

        // A page far beyond the end: the pages skipped are zero holes with zero entries (read
        // as zeros), across another block.
        let far = PlaintextImage.make(pages: 1, seed: 16)
        try writePage(writer, 140, far)
        #expect(writer.physicalSize == EncryptedLayout.physicalOffset(page: 140) + page)
        let file = try EncryptedFile(path: path, key: key)
        #expect(file.logicalSize == 141 * page)
        #expect(file.plaintextBytes == image + [UInt8](repeating: 0, count: (140 - 66) * page) + far)
        #expect(descriptor.bytes(at: EncryptedLayout.ivEntryOffset(page: 140), count: 64) == (try writer.entry(page: 140)).bytes)
        #expect(descriptor.bytes(at: EncryptedLayout.ivTableOffset(page: 140), count: 12 * 64).allSatisfy { $0 == 0 })
    }

    /// A file whose logical size is a whole block ends with the next block's empty IV table
    /// (realm-core's size); the next page goes right after it.
    @Test func growingAfterATrailingIVTable() throws {
        let key = try EncryptedFixture.key()
        let scratch = try EncryptionScratch()
        defer { scratch.remove() }
        var image = PlaintextImage.make(pages: 64, seed: 17)
        let path = scratch.path("trailing.realm")
        try writeEncryptedFile(image, to: path, key: key)
        let descriptor = try OpenDescriptor(path)
        let writer = try EncryptedPageWriter(descriptor: descriptor.fd, key: key, freshIV: .sequential)
        #expect(writer.physicalSize == 66 * page && writer.logicalSize == 64 * page)
        let extra = PlaintextImage.make(pages: 1, seed: 18)
        try writePage(writer, 64, extra)
        image += extra
        #expect(writer.physicalSize == 67 * page)
        #expect(try EncryptedFile(path: path, key: key).plaintextBytes == image)
    }

    @Test func batchesWriteEntriesThenPages() throws {
        let key = try EncryptedFixture.key()
        let scratch = try EncryptionScratch()
        defer { scratch.remove() }
        var image = PlaintextImage.make(pages: 4, seed: 19)
        let path = scratch.path("batch.realm")
        try writeEncryptedFile(image, to: path, key: key)
        let descriptor = try OpenDescriptor(path)
        let writer = try EncryptedPageWriter(descriptor: descriptor.fd, key: key)
        let zero = [UInt8](repeating: 0, count: page)
        var pageZero = PlaintextImage.page(image, 0)
        pageZero[23] ^= 1  // the select bit
        let two = PlaintextImage.make(pages: 1, seed: 20)
        try pageZero.withUnsafeBytes { a in
            try two.withUnsafeBytes { b in
                try zero.withUnsafeBytes { c in
                    try writer.write(pages: [(page: 0, plaintext: a), (page: 2, plaintext: b), (page: 70, plaintext: c)])
                }
            }
        }
        image.replaceSubrange(0 ..< page, with: pageZero)
        image.replaceSubrange(2 * page ..< 3 * page, with: two)
        image += [UInt8](repeating: 0, count: (71 - 4) * page)
        #expect(try EncryptedFile(path: path, key: key).plaintextBytes == image)
        #expect(try writer.entry(page: 0).iv2 == 1 && writer.entry(page: 70).iv1 != 0)
        let duplicate = encryptionError {
            try zero.withUnsafeBytes { c in
                try writer.write(pages: [(page: 1, plaintext: c), (page: 1, plaintext: c)])
            }
        }
        #expect(duplicate == .invalidRequest("page 1 appears twice in one batch"))
        let short = encryptionError {
            try zero.prefix(100).withUnsafeBytes { c in try writer.write(page: 1, plaintext: c) }
        }
        #expect(short == .invalidRequest("page 1 has 100 bytes of plaintext; a page is 4096"))
        #expect(try EncryptedFile(path: path, key: key).plaintextBytes == image, "refused requests write nothing")
    }

    @Test(.enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
    func writersRefuseFilesTheyCannotWrite() throws {
        guard Fixtures.requirePresent() else { return }
        let key = try EncryptedFixture.key()
        let scratch = try EncryptionScratch()
        defer { scratch.remove() }
        let plain = try OpenDescriptor(try scratch.write(try Fixtures.bytes("demo"), to: "plain.realm"))
        #expect(encryptionError { _ = try EncryptedPageWriter(descriptor: plain.fd, key: key) } == .notEncrypted)
        let odd = try OpenDescriptor(try scratch.write([UInt8](repeating: 7, count: 5000), to: "odd.realm"))
        #expect(encryptionError { _ = try EncryptedPageWriter(descriptor: odd.fd, key: key) } == .notWholePages(size: 5000))
        // An empty file is a fresh encrypted file: its first page gets block 0's IV table.
        let emptyPath = try scratch.write([], to: "empty.realm")
        let empty = try OpenDescriptor(emptyPath)
        let writer = try EncryptedPageWriter(descriptor: empty.fd, key: key)
        let image = PlaintextImage.make(pages: 1, seed: 21)
        try writePage(writer, 0, image)
        #expect(writer.physicalSize == 2 * page)
        #expect(try EncryptedFile(path: emptyPath, key: key).plaintextBytes == image)
        // Another key cannot read what was written.
        let other = try EncryptedFixture.alteredKey(byte: 50)
        #expect(encryptionError { _ = try EncryptedFile(path: emptyPath, key: other) } == .wrongKey)
    }
}
