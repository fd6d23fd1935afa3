import Foundation
@testable import RealmFormat
import TestSupport
import Testing

/// Encrypting (§11.3) pages and whole files: what is written must decrypt to what was given,
/// counters must follow realm-core's rules, and the ciphertext must be realm-core's own for the
/// same plaintext and counter.
@Suite("Encryption: encrypting pages and files")
struct EncryptionWriterTests {
    let page = EncryptedLayout.pageSize

    func withCipher<R>(_ body: (PageCipher) throws -> R) throws -> R {
        try body(try PageCipher(key: try EncryptedFixture.key(), freshIV: .sequential))
    }

    // MARK: One page

    @Test func pageRoundTripAndIVRules() throws {
        try withCipher { cipher in
            let plain = PlaintextImage.make(pages: 1, seed: 1)
            var cipherText = [UInt8](repeating: 0, count: page)
            let entry = try plain.withUnsafeBytes { p in
                try cipherText.withUnsafeMutableBytes { c in try cipher.encrypt(page: 7, plaintext: p, previous: .zero, into: c) }
            }
            #expect(entry.iv1 == 1 && entry.iv2 == 0 && entry.hmac2 == [UInt8](repeating: 0, count: 28))
            #expect(entry.hmac1.count == 28 && entry.hmac1 != [UInt8](repeating: 0, count: 28))
            #expect(cipherText != plain)
            func decrypt(_ text: [UInt8], _ entry: IVEntry, page number: Int = 7) throws -> ([UInt8], PageCipher.Source) {
                var out = [UInt8](repeating: 0xEE, count: page)
                let source = try text.withUnsafeBytes { c in
                    try out.withUnsafeMutableBytes { o in try cipher.decrypt(page: number, ciphertext: c, entry: entry, into: o) }
                }
                return (out, source)
            }
            #expect(try decrypt(cipherText, entry) == (plain, .current))
            // The page position is part of the AES IV: the same bytes at another page decrypt
            // (they authenticate) to something else in the first block only.
            let elsewhere = try decrypt(cipherText, entry, page: 8).0
            #expect(elsewhere[16...] == plain[16...] && elsewhere[..<16] != plain[..<16])
            // Slot 2 is tried when slot 1 does not match, but only when iv2 is in use.
            let rotated = IVEntry(iv1: 9, hmac1: [UInt8](repeating: 3, count: 28), iv2: entry.iv1, hmac2: entry.hmac1)
            #expect(try decrypt(cipherText, rotated) == (plain, .previous))
            let unused = IVEntry(iv1: 9, hmac1: [UInt8](repeating: 3, count: 28), iv2: 0, hmac2: entry.hmac1)
            #expect(throws: EncryptionError.damagedPage(page: 7, fileOffset: 8 * page)) { try decrypt(cipherText, unused) }
            #expect(throws: EncryptionError.wrongKey) { try decrypt(cipherText, unused, page: 0) }
            // iv1 == 0: never written, zeros whatever the page holds.
            #expect(try decrypt(cipherText, IVEntry(iv1: 0, hmac1: entry.hmac1, iv2: 0, hmac2: entry.hmac2))
                    == ([UInt8](repeating: 0, count: page), .neverWritten))
            // An all-zero page under a written entry: stale, zeros.
            #expect(try decrypt([UInt8](repeating: 0, count: page), entry) == ([UInt8](repeating: 0, count: page), .staleZeros))
            // Wrong sizes are the caller's mistake.
            #expect(throws: EncryptionError.self) { try decrypt(Array(cipherText.prefix(4095)), entry) }
            #expect(throws: EncryptionError.invalidRequest("page -1 is out of range")) { try decrypt(cipherText, entry, page: -1) }
        }
    }

    @Test func countersRotateWrapAndAvoidCollisions() throws {
        try withCipher { cipher in
            let plain = PlaintextImage.make(pages: 1, seed: 2)
            func encrypt(_ previous: IVEntry) throws -> (IVEntry, [UInt8]) {
                var out = [UInt8](repeating: 0, count: page)
                let entry = try plain.withUnsafeBytes { p in
                    try out.withUnsafeMutableBytes { c in try cipher.encrypt(page: 3, plaintext: p, previous: previous, into: c) }
                }
                return (entry, out)
            }
            let (first, _) = try encrypt(.zero)
            let (second, secondText) = try encrypt(first)
            #expect(second.iv1 == 2 && second.iv2 == first.iv1 && second.hmac2 == first.hmac1)
            #expect(second.hmac1 != first.hmac1)
            let (wrapped, _) = try encrypt(IVEntry(iv1: .max, hmac1: [UInt8](repeating: 9, count: 28), iv2: 5, hmac2: first.hmac2))
            #expect(wrapped.iv1 == 1 && wrapped.iv2 == .max, "0 means never written, so the counter skips it")
            // realm-core's guard: if the new HMAC equalled slot 2's, a reader could not tell the
            // two versions apart, so the counter moves on. Make slot 1 hold the HMAC counter 3
            // will produce: the writer must use 4.
            let (atThree, _) = try encrypt(IVEntry(iv1: 2, hmac1: [UInt8](repeating: 0, count: 28), iv2: 0, hmac2: []))
            #expect(atThree.iv1 == 3)
            let (bumped, bumpedText) = try encrypt(IVEntry(iv1: 2, hmac1: atThree.hmac1, iv2: 1, hmac2: second.hmac1))
            #expect(bumped.iv1 == 4 && bumped.iv2 == 2 && bumped.hmac2 == atThree.hmac1 && bumped.hmac1 != atThree.hmac1)
            var decrypted = [UInt8](repeating: 0, count: page)
            let source = try bumpedText.withUnsafeBytes { c in
                try decrypted.withUnsafeMutableBytes { o in try cipher.decrypt(page: 3, ciphertext: c, entry: bumped, into: o) }
            }
            #expect(source == .current)
            #expect(decrypted == plain)
            #expect(secondText != bumpedText)
        }
        // Random first counters: non-zero, and different from file to file.
        let random = try PageCipher(key: try EncryptedFixture.key(), freshIV: .random)
        let plain = PlaintextImage.make(pages: 1, seed: 3)
        var counters = Set<UInt32>()
        for _ in 0..<8 {
            var out = [UInt8](repeating: 0, count: page)
            let entry = try plain.withUnsafeBytes { p in
                try out.withUnsafeMutableBytes { c in try random.encrypt(page: 0, plaintext: p, previous: .zero, into: c) }
            }
            #expect(entry.iv1 != 0 && entry.iv2 == 0)
            counters.insert(entry.iv1)
        }
        #expect(counters.count > 1)
    }

    /// Re-encrypting realm-core's decrypted pages with realm-core's counters gives back the
    /// fixture's exact ciphertext and HMACs: AES IV layout, key halves and MAC all agree.
    @Test(.enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
    func reproducesRealmCoreCiphertext() throws {
        guard Fixtures.requirePresent() else { return }
        let raw = try Fixtures.bytes("encrypted")
        let plain = try EncryptedFile(path: EncryptedFixture.path, key: try EncryptedFixture.key()).plaintextBytes
        try withCipher { cipher in
            for dataPage in EncryptedFixture.writtenPages {
                let stored = try #require(IVEntry(bytes: Array(raw[dataPage * 64 ..< dataPage * 64 + 64])))
                #expect(stored.iv1 != 0)
                let previous = IVEntry(iv1: stored.iv1 &- 1, hmac1: stored.hmac2, iv2: 0, hmac2: [])
                var out = [UInt8](repeating: 0, count: page)
                let entry = try PlaintextImage.page(plain, dataPage).withUnsafeBytes { p in
                    try out.withUnsafeMutableBytes { c in try cipher.encrypt(page: dataPage, plaintext: p, previous: previous, into: c) }
                }
                let offset = EncryptedLayout.physicalOffset(page: dataPage)
                #expect(entry.iv1 == stored.iv1 && entry.hmac1 == stored.hmac1, "page \(dataPage)")
                #expect(out == Array(raw[offset ..< offset + page]), "page \(dataPage)")
            }
        }
    }

    // MARK: Whole files

    @Test(arguments: [1, 2, 20, 63, 64, 65, 130])
    func freshFilesRoundTrip(pages: Int) throws {
        let key = try EncryptedFixture.key()
        let scratch = try EncryptionScratch()
        defer { scratch.remove() }
        let plain = PlaintextImage.make(pages: pages, seed: UInt64(pages))
        let path = scratch.path("fresh.realm")
        try writeEncryptedFile(plain, to: path, key: key)
        let raw = try EncryptionScratch.read(path)
        #expect(raw.count == EncryptedLayout.physicalSize(logicalSize: pages * page))
        let file = try EncryptedFile(path: path, key: key)
        #expect(file.logicalSize == pages * page)
        #expect(file.plaintextBytes == plain)
        // Fresh entries: counter 1, slot 2 empty; unused entries zero.
        for dataPage in 0..<((pages + 63) / 64 * 64) {
            let offset = EncryptedLayout.ivEntryOffset(page: dataPage)
            let entry = try #require(IVEntry(bytes: Array(raw[offset ..< offset + 64])))
            if dataPage < pages {
                #expect(entry.iv1 == 1 && entry.iv2 == 0 && entry.hmac2 == [UInt8](repeating: 0, count: 28))
            } else {
                #expect(entry == .zero)
            }
        }
        // The sequential choice is reproducible; random counters give another file, same plaintext.
        let again = scratch.path("again.realm")
        try writeEncryptedFile(plain, to: again, key: key)
        #expect(try EncryptionScratch.read(again) == raw)
        let random = scratch.path("random.realm")
        try writeEncryptedFile(plain, to: random, key: key, freshIV: .random)
        #expect(try EncryptionScratch.read(random) != raw)
        #expect(try EncryptedFile(path: random, key: key).plaintextBytes == plain)
    }

    @Test func partialLastPageIsPaddedAndOldContentTruncated() throws {
        let key = try EncryptedFixture.key()
        let scratch = try EncryptionScratch()
        defer { scratch.remove() }
        let path = scratch.path("partial.realm")
        try writeEncryptedFile(PlaintextImage.make(pages: 70, seed: 9), to: path, key: key)
        let plain = PlaintextImage.make(byteCount: 5000, seed: 4)
        try writeEncryptedFile(plain, to: path, key: key)
        #expect(try EncryptionScratch.read(path).count == 3 * page)
        let file = try EncryptedFile(path: path, key: key)
        #expect(file.logicalSize == 2 * page)
        #expect(file.plaintextBytes == plain + [UInt8](repeating: 0, count: 2 * page - 5000))
        try writeEncryptedFile([], to: path, key: key)
        #expect(try EncryptionScratch.read(path).isEmpty)
    }

    @Test(.enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
    func reencryptingTheFixture() throws {
        guard Fixtures.requirePresent() else { return }
        let key = try EncryptedFixture.key()
        let plain = try EncryptedFile(path: EncryptedFixture.path, key: key).plaintextBytes
        let scratch = try EncryptionScratch()
        defer { scratch.remove() }
        let path = scratch.path("reencrypted.realm")
        try writeEncryptedFile(plain, to: path, key: key, freshIV: .random)
        #expect(try EncryptionScratch.read(path).count == EncryptedFixture.physicalSize)
        #expect(try EncryptedFile(path: path, key: key).plaintextBytes == plain)
        let file = try RealmFile(path: try scratch.write(plain, to: "plain.realm"))
        #expect(file.classTables.map(\.name) == ["class_RealmTestClass0", "class_RealmTestClass1", "class_RealmTestClass2"])
        #expect(file.classTables.allSatisfy { $0.objects.count == 100 })
    }
}
