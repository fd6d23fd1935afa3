import Foundation
@testable import RealmFormat
import RealmInterchange
import TestSupport
import Testing

/// Decrypting realm-core's encrypted fixture (§11.2): the plaintext must be the Realm file its
/// canonical dump describes; a wrong key, a damaged page or a file that is not encrypted must
/// each end in its own precise error, and nothing here may write to the file it reads.
@Suite("Encryption: decrypting files", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct EncryptionFileTests {
    let page = EncryptedLayout.pageSize

    @Test func decryptsTheFixture() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try EncryptedFile(path: EncryptedFixture.path, key: try EncryptedFixture.key())
        #expect(file.physicalSize == EncryptedFixture.physicalSize)
        #expect(file.logicalSize == EncryptedFixture.dataPages * page)
        #expect(file.plaintext.count == file.logicalSize)
        #expect(file.interruptedPages.isEmpty)
        let header = try #require(RawHeader(Array(file.plaintext.prefix(24))))
        #expect(header.hasRealmMnemonic)
        #expect(header.formats.0 == 24 || header.formats.1 == 24)
        #expect(header.selectedFormat == 24)
        #expect(header.selectedTopRef > 24 && header.selectedTopRef < UInt64(file.logicalSize))
        // Pages never written read as zeros; realm-core rewrote some pages (slot 2 in use).
        let raw = try Fixtures.bytes("encrypted")
        let entries = (0..<EncryptedFixture.dataPages).compactMap { IVEntry(bytes: Array(raw[$0 * 64 ..< $0 * 64 + 64])) }
        #expect(entries.indices.filter { entries[$0].iv1 != 0 } == EncryptedFixture.writtenPages)
        #expect(entries[0].iv1 == 8 && entries[0].iv2 == 7)
        for dataPage in 0..<EncryptedFixture.dataPages where !EncryptedFixture.writtenPages.contains(dataPage) {
            #expect(file.plaintext[dataPage * page ..< (dataPage + 1) * page].allSatisfy { $0 == 0 }, "page \(dataPage)")
        }
    }

    @Test func parsedKeysDecryptTheFixture() throws {
        guard Fixtures.requirePresent() else { return }
        for key in [try EncryptionKey.parse(text: EncryptedFixture.hexKey + "\n"),
                    try EncryptionKey.parse(text: EncryptedFixture.base64Key)] {
            let file = try EncryptedFile(path: EncryptedFixture.path, key: key)
            #expect(Array(file.plaintext[16..<20]) == Array("T-DB".utf8))
        }
    }

    /// The plaintext, written to a file of its own, reads as the Realm file whose canonical dump
    /// is encrypted.json: every table, key and value compared as the golden tests do.
    @Test func plaintextMatchesTheCanonicalDump() throws {
        guard Fixtures.requirePresent() else { return }
        let decrypted = try EncryptedFile(path: EncryptedFixture.path, key: try EncryptedFixture.key())
        let scratch = try EncryptionScratch()
        defer { scratch.remove() }
        let plainPath = try scratch.write(decrypted.plaintextBytes, to: "decrypted.realm")
        let file = try RealmFile(path: plainPath)
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("encrypted"))
        #expect(dump["file_format"]?.int == Int64(file.header.fileFormat))
        let tableDumps = try #require(dump["tables"]?.array)
        #expect(file.tables.map(\.name) == tableDumps.map { $0["name"]?.string ?? "<unnamed>" })
        try #require(file.tables.count == tableDumps.count)
        var comparison = GoldenComparison(fixture: "encrypted", file: file)
        for (table, tableDump) in zip(file.tables, tableDumps) {
            try comparison.compareSchema(of: table, with: tableDump)
            try comparison.compareObjects(of: table, with: tableDump)
        }
        let expected = GoldenComparison.expectedCounts(tableDumps: tableDumps)
        #expect(comparison.keysCompared > 0 && comparison.keysCompared == expected.keys)
        #expect(comparison.valuesCompared > 0 && comparison.valuesCompared == expected.values)
        #expect(comparison.mismatches == 0)
        #expect(file.classTables.allSatisfy { $0.objects.count == 100 }, "the demo schema, 100 objects per class")
        #expect(file.top.map { $0.logicalFileSize <= Int64(decrypted.logicalSize) } == true)
    }

    @Test func looksEncrypted() throws {
        guard Fixtures.requirePresent() else { return }
        #expect(EncryptedFile.looksEncrypted(firstBytes: try Fixtures.bytes("encrypted").prefix(24)))
        #expect(!EncryptedFile.looksEncrypted(firstBytes: try Fixtures.bytes("demo").prefix(24)))
        #expect(!EncryptedFile.looksEncrypted(firstBytes: [UInt8](repeating: 0x41, count: 19)), "too short to tell")
        #expect(!EncryptedFile.looksEncrypted(firstBytes: [UInt8]()))
        #expect(EncryptedFile.looksEncrypted(firstBytes: [UInt8](repeating: 0, count: 4096)))
    }

    @Test func wrongKeyLeavesTheFileUntouched() throws {
        guard Fixtures.requirePresent() else { return }
        let before = try Fixtures.bytes("encrypted")
        var status = stat()
        try #require(stat(EncryptedFixture.path, &status) == 0)
        let modified = status.st_mtim
        let wrongKeys = [try EncryptedFixture.alteredKey(byte: 40), try EncryptedFixture.alteredKey(byte: 63),
                         try EncryptionKey.parse(text: String(repeating: "ab", count: 64))]
        for key in wrongKeys {
            let thrown = encryptionError { _ = try EncryptedFile(path: EncryptedFixture.path, key: key) }
            #expect(thrown == .wrongKey)
            #expect(thrown?.description == "wrong key or damaged file (the first page's HMAC does not match)")
        }
        // Right HMAC half, wrong AES half: the pages authenticate but page 0 is no Realm header.
        let aesAltered = try EncryptedFixture.alteredKey(byte: 3)
        let wrongAES = encryptionError { _ = try EncryptedFile(path: EncryptedFixture.path, key: aesAltered) }
        #expect(wrongAES == .wrongAESKey)
        #expect(try Fixtures.bytes("encrypted") == before)
        var after = stat()
        try #require(stat(EncryptedFixture.path, &after) == 0)
        #expect(after.st_mtim.tv_sec == modified.tv_sec && after.st_mtim.tv_nsec == modified.tv_nsec)
    }

    @Test func plainRealmFilesAreNotEncrypted() throws {
        guard Fixtures.requirePresent() else { return }
        let key = try EncryptedFixture.key()
        let thrown = encryptionError { _ = try EncryptedFile(path: Fixtures.realmPath("demo"), key: key) }
        #expect(thrown == .notEncrypted)
        #expect(thrown?.description == "the file is not encrypted (it starts with a plain Realm header); open it without a key")
    }

    @Test func sizesThatCannotBeEncryptedFiles() throws {
        guard Fixtures.requirePresent() else { return }
        let key = try EncryptedFixture.key()
        let original = try Fixtures.bytes("encrypted")
        let scratch = try EncryptionScratch()
        defer { scratch.remove() }
        let cases: [(Int, EncryptionError)] = [
            (0, .tooSmall(size: 0)), (100, .tooSmall(size: 100)), (4096, .tooSmall(size: 4096)),
            (8191, .tooSmall(size: 8191)), (8193, .notWholePages(size: 8193)), (86015, .notWholePages(size: 86015)),
        ]
        for (size, error) in cases {
            let path = try scratch.write(Array(original.prefix(size)), to: "cut-\(size).realm")
            #expect(encryptionError { _ = try EncryptedFile(path: path, key: key) } == error, "\(size) bytes")
        }
        #expect(EncryptionError.tooSmall(size: 4096).description
                == "not an encrypted Realm file: it has 4096 bytes, and the smallest encrypted Realm file has 8192 (an IV table and one page)")
        #expect(EncryptionError.notWholePages(size: 8193).description
                == "not an encrypted Realm file: its size (8193 bytes) is not a whole number of 4096-byte pages")
        // Pages are authenticated one by one: a file cut at a page boundary decrypts what is left
        // (the Realm reader then finds refs past its end).
        let cut = try scratch.write(Array(original.prefix(3 * page)), to: "cut-pages.realm")
        let shorter = try EncryptedFile(path: cut, key: key)
        #expect(shorter.logicalSize == 2 * page)
        let whole = try EncryptedFile(path: EncryptedFixture.path, key: key)
        #expect(shorter.plaintextBytes == Array(whole.plaintextBytes.prefix(2 * page)))
        #expect(encryptionError { _ = try EncryptedFile(path: scratch.path("missing.realm"), key: key) }
                == .cannotOpen(path: scratch.path("missing.realm"), reason: "No such file or directory"))
        let directory = try OpenDescriptor(scratch.directory.path, flags: O_RDONLY)
        #expect(encryptionError { _ = try EncryptedFile(descriptor: directory.fd, key: key) } == .notARegularFile)
    }

    /// One flipped bit in any written data page, anywhere in it, is reported as that page's
    /// damage (page 0 included: the later pages authenticate, so the key is known to be right).
    /// A page never written is not read at all: its entry says zeros.
    @Test func aFlippedBitNamesItsPage() throws {
        guard Fixtures.requirePresent() else { return }
        let key = try EncryptedFixture.key()
        let scratch = try EncryptionScratch()
        defer { scratch.remove() }
        let original = try Fixtures.bytes("encrypted")
        let path = try scratch.write(original, to: "damaged.realm")
        let copy = try OpenDescriptor(path)
        var generator = SplitMix64(seed: 11, name: "encrypted")
        let clean = try EncryptedFile(path: path, key: key).plaintextBytes
        var damaged = 0
        for dataPage in 0..<EncryptedFixture.dataPages {
            let pageStart = EncryptedLayout.physicalOffset(page: dataPage)
            let positions = [0, 15, 16, 4095, Int(generator.next() % 4096), Int(generator.next() % 4096)]
            for position in positions {
                let offset = pageStart + position
                let bit = UInt8(1) << UInt8(generator.next() % 8)
                copy.patch([original[offset] ^ bit], at: offset)
                defer { copy.patch([original[offset]], at: offset) }
                guard EncryptedFixture.writtenPages.contains(dataPage) else {
                    #expect((try? EncryptedFile(path: path, key: key).plaintextBytes) == clean, "unwritten page \(dataPage)")
                    continue
                }
                let thrown = encryptionError { _ = try EncryptedFile(path: path, key: key) }
                #expect(thrown == .damagedPage(page: dataPage, fileOffset: pageStart), "page \(dataPage) byte \(position)")
                #expect(thrown?.description
                        == "encrypted page \(dataPage) (file offset \(pageStart)) is damaged: its HMAC matches neither IV slot")
                damaged += 1
            }
        }
        #expect(damaged == EncryptedFixture.writtenPages.count * 6)
        // Two damaged pages: the first is named.
        copy.patch([original[EncryptedLayout.physicalOffset(page: 7)] ^ 1], at: EncryptedLayout.physicalOffset(page: 7))
        copy.patch([original[EncryptedLayout.physicalOffset(page: 3)] ^ 1], at: EncryptedLayout.physicalOffset(page: 3))
        #expect(encryptionError { _ = try EncryptedFile(path: path, key: key) } == .damagedPage(page: 3, fileOffset: 4 * page))
    }

    /// Every byte of the IV table's first 22 entries, flipped. For a written page: hmac1 bytes
    /// damage it; iv2 and hmac2 bytes change nothing (slot 1 still authenticates); iv1 bytes are
    /// not covered by the HMAC, which is over the ciphertext only, so the page decrypts under the
    /// wrong counter and only its first 16 bytes (CBC's first block) change. For a page never
    /// written nothing changes: its iv1 made non-zero meets an all-zero (stale) page, and its
    /// other bytes are not read. Entries past the last page are not read either.
    @Test func everyIVTableByteFlipped() throws {
        guard Fixtures.requirePresent() else { return }
        let key = try EncryptedFixture.key()
        let scratch = try EncryptionScratch()
        defer { scratch.remove() }
        let original = try Fixtures.bytes("encrypted")
        let path = try scratch.write(original, to: "iv-table.realm")
        let copy = try OpenDescriptor(path)
        let clean = try EncryptedFile(path: path, key: key).plaintextBytes
        var checked = (damaged: 0, unchanged: 0, firstBlock: 0)
        for offset in 0..<(EncryptedFixture.dataPages + 2) * 64 {
            let dataPage = offset / 64
            let field = offset % 64
            copy.patch([original[offset] ^ 0x80], at: offset)
            defer { copy.patch([original[offset]], at: offset) }
            let result = Result { () throws(EncryptionError) -> [UInt8] in try EncryptedFile(path: path, key: key).plaintextBytes }
            if !EncryptedFixture.writtenPages.contains(dataPage) || field >= 32 {
                #expect((try? result.get()) == clean, "entry \(dataPage) byte \(field)")
                checked.unchanged += 1
            } else if field >= 4 {
                #expect(encryptionError { _ = try result.get() }
                        == .damagedPage(page: dataPage, fileOffset: EncryptedLayout.physicalOffset(page: dataPage)),
                        "entry \(dataPage) hmac1 byte \(field)")
                checked.damaged += 1
            } else {
                guard let plain = try? result.get() else {
                    Issue.record("entry \(dataPage) iv1 byte \(field): \(String(describing: encryptionError { _ = try result.get() }))")
                    continue
                }
                let changed = (0..<clean.count).filter { plain[$0] != clean[$0] }
                #expect(!changed.isEmpty && changed.allSatisfy { $0 >= dataPage * page && $0 < dataPage * page + 16 },
                        "entry \(dataPage) iv1 byte \(field)")
                checked.firstBlock += 1
            }
        }
        let written = EncryptedFixture.writtenPages.count
        #expect(checked.damaged == written * 28 && checked.firstBlock == written * 4)
        #expect(checked.unchanged == written * 32 + (22 - written) * 64)
    }

    /// Random damage anywhere in the file, many times over: always an `EncryptionError` or a
    /// successful decryption, never a crash.
    @Test func randomDamageNeverCrashes() throws {
        guard Fixtures.requirePresent() else { return }
        let key = try EncryptedFixture.key()
        let scratch = try EncryptionScratch()
        defer { scratch.remove() }
        let original = try Fixtures.bytes("encrypted")
        var generator = SplitMix64(seed: 5, name: "encrypted-random")
        var outcomes = (decrypted: 0, failed: 0)
        for round in 0..<60 {
            var bytes = original
            for _ in 0..<(1 + Int(generator.next() % 6)) {
                let offset = Int(generator.next() % UInt64(bytes.count))
                bytes[offset] = UInt8(truncatingIfNeeded: generator.next())
            }
            let path = try scratch.write(bytes, to: "random-\(round).realm")
            switch Result(catching: { () throws(EncryptionError) in try EncryptedFile(path: path, key: key) }) {
            case .success: outcomes.decrypted += 1
            case .failure: outcomes.failed += 1
            }
        }
        #expect(outcomes.decrypted + outcomes.failed == 60)
        #expect(outcomes.failed > 40, "almost every random byte lands in a page or an HMAC")
    }
}
