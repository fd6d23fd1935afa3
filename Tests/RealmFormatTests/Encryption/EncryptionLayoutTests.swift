import RealmFormat
import Testing

/// §11.1's arithmetic, at the boundaries where an off-by-one would misplace a page: the last
/// byte of a page, the first of the next, and the 64-page block boundary where an IV-table page
/// is inserted.
@Suite("Encryption: physical layout")
struct EncryptionLayoutTests {
    let page = EncryptedLayout.pageSize
    let block = EncryptedLayout.blockSize

    @Test func constants() {
        #expect(EncryptedLayout.pageSize == 4096)
        #expect(EncryptedLayout.pagesPerBlock == 64)
        #expect(EncryptedLayout.ivEntrySize == 64)
        #expect(EncryptedLayout.blockSize == 65 * 4096)
        #expect(EncryptedLayout.smallestFileSize == 8192)
    }

    @Test func logicalToPhysicalAtPageBoundaries() {
        #expect(EncryptedLayout.physical(0) == 4096)
        #expect(EncryptedLayout.physical(1) == 4097)
        #expect(EncryptedLayout.physical(4095) == 8191)
        #expect(EncryptedLayout.physical(4096) == 8192)
        #expect(EncryptedLayout.physical(4097) == 8193)
        // The last byte of block 0 and the first of block 1, after block 1's IV table.
        #expect(EncryptedLayout.physical(64 * 4096 - 1) == 65 * 4096 - 1)
        #expect(EncryptedLayout.physical(64 * 4096) == 66 * 4096)
        #expect(EncryptedLayout.physical(128 * 4096 - 1) == 130 * 4096 - 1)
        #expect(EncryptedLayout.physical(128 * 4096) == 131 * 4096)
        #expect(EncryptedLayout.physicalOffset(page: 0) == 4096)
        #expect(EncryptedLayout.physicalOffset(page: 63) == 64 * 4096)
        #expect(EncryptedLayout.physicalOffset(page: 64) == 66 * 4096)
    }

    @Test func ivEntries() {
        #expect(EncryptedLayout.ivEntryOffset(page: 0) == 0)
        #expect(EncryptedLayout.ivEntryOffset(page: 1) == 64)
        #expect(EncryptedLayout.ivEntryOffset(page: 63) == 63 * 64)
        #expect(EncryptedLayout.ivEntryOffset(page: 64) == 65 * 4096)
        #expect(EncryptedLayout.ivEntryOffset(page: 65) == 65 * 4096 + 64)
        #expect(EncryptedLayout.ivEntryOffset(page: 128) == 130 * 4096)
        #expect(EncryptedLayout.ivTableOffset(page: 63) == 0)
        #expect(EncryptedLayout.ivTableOffset(page: 64) == 65 * 4096)
    }

    /// Every data page and every IV table gets its own physical page, in block order, with no
    /// gap and no overlap; each entry lies in the IV table right before its block's pages.
    @Test func pagesTileThePhysicalFile() {
        let pages = 300
        var owners = [String?](repeating: nil, count: EncryptedLayout.physical(pages * page) / page)
        for data in 0..<pages {
            let physicalPage = EncryptedLayout.physicalOffset(page: data) / page
            #expect(owners[physicalPage] == nil)
            owners[physicalPage] = "data \(data)"
            let entry = EncryptedLayout.ivEntryOffset(page: data)
            #expect(entry / block == EncryptedLayout.physicalOffset(page: data) / block, "page \(data)")
            #expect(entry % block < page, "the entry of page \(data) lies in its block's IV table")
            #expect(entry % 64 == 0)
        }
        for tablePage in stride(from: 0, to: owners.count, by: 65) {
            #expect(owners[tablePage] == nil)
            owners[tablePage] = "iv table"
        }
        #expect(!owners.contains(nil))
    }

    @Test func logicalSizes() {
        #expect(EncryptedLayout.logicalSize(physicalSize: 0) == 0)
        #expect(EncryptedLayout.logicalSize(physicalSize: 4096) == 0, "an IV table alone holds no data")
        #expect(EncryptedLayout.logicalSize(physicalSize: 8192) == 4096)
        #expect(EncryptedLayout.logicalSize(physicalSize: 86016) == 81920, "the encrypted fixture: 20 pages")
        #expect(EncryptedLayout.logicalSize(physicalSize: 65 * 4096) == 64 * 4096)
        // Ends with block 1's (empty) IV table, as realm-core sizes 64-page files: §11.1's
        // "+ 63" would count 65 pages here.
        #expect(EncryptedLayout.logicalSize(physicalSize: 66 * 4096) == 64 * 4096)
        #expect(EncryptedLayout.logicalSize(physicalSize: 67 * 4096) == 65 * 4096)
        #expect(EncryptedLayout.logicalSize(physicalSize: 130 * 4096) == 128 * 4096)
        #expect(EncryptedLayout.logicalSize(physicalSize: 131 * 4096) == 128 * 4096)
    }

    @Test func physicalSizes() {
        #expect(EncryptedLayout.physicalSize(logicalSize: 0) == 0)
        #expect(EncryptedLayout.physicalSize(logicalSize: 1) == 8192, "the smallest encrypted file")
        #expect(EncryptedLayout.physicalSize(logicalSize: 4096) == 8192)
        #expect(EncryptedLayout.physicalSize(logicalSize: 4097) == 12288)
        #expect(EncryptedLayout.physicalSize(logicalSize: 81920) == 86016)
        #expect(EncryptedLayout.physicalSize(logicalSize: 63 * 4096) == 64 * 4096)
        #expect(EncryptedLayout.physicalSize(logicalSize: 64 * 4096) == 66 * 4096, "realm-core's size: the next IV table included")
        #expect(EncryptedLayout.physicalSize(logicalSize: 64 * 4096 + 1) == 67 * 4096)
        #expect(EncryptedLayout.pageCount(logicalSize: 0) == 0)
        #expect(EncryptedLayout.pageCount(logicalSize: 1) == 1)
        #expect(EncryptedLayout.pageCount(logicalSize: 8193) == 3)
    }

    @Test func sizesRoundTrip() {
        for pages in 0...400 {
            let logical = pages * page
            let physical = EncryptedLayout.physicalSize(logicalSize: logical)
            #expect(physical % page == 0)
            #expect(EncryptedLayout.logicalSize(physicalSize: physical) == logical, "\(pages) pages")
            // Any size in the last page rounds up to the same file.
            if pages > 0 {
                #expect(EncryptedLayout.physicalSize(logicalSize: logical - page + 1) == physical)
            }
        }
        // A file that ends right after data page p holds p + 1 pages.
        for data in 0..<400 {
            let end = EncryptedLayout.physicalOffset(page: data) + page
            #expect(EncryptedLayout.logicalSize(physicalSize: end) == (data + 1) * page, "page \(data)")
        }
    }
}
