/// Where the pieces of an encrypted Realm file lie (realm-file-format.md §11.1): pure arithmetic.
///
/// The plaintext ("logical") file is cut into 4096-byte data pages. The physical file holds
/// them in blocks of 65 pages: an IV-table page (64 entries of 64 bytes, entry j for data page
/// 64k+j of block k) followed by the block's 64 data pages. Offsets are `Int` (64-bit), and
/// every function expects non-negative inputs; callers check sizes read from a file first.
public enum EncryptedLayout {
    /// Encryption works on 4096-byte pages whatever the OS page size is.
    public static let pageSize = 4096
    /// Data pages described by one IV-table page.
    public static let pagesPerBlock = 64
    /// One IV-table entry: u32 iv1, 28-byte hmac1, u32 iv2, 28-byte hmac2.
    public static let ivEntrySize = 64
    /// A block on disk: the IV-table page and its 64 data pages.
    public static let blockSize = (pagesPerBlock + 1) * pageSize
    /// An IV table and one data page: no non-empty encrypted file is smaller.
    public static let smallestFileSize = 2 * pageSize

    /// The physical offset of logical offset `pos`: the IV-table pages of its block and of every
    /// block before it come first.
    public static func physical(_ pos: Int) -> Int {
        let page = pos / pageSize
        return pos + (page / pagesPerBlock + 1) * pageSize
    }

    /// The physical offset of data page `page`.
    public static func physicalOffset(page: Int) -> Int {
        physical(page * pageSize)
    }

    /// The physical offset of the IV-table page of the block holding data page `page`.
    public static func ivTableOffset(page: Int) -> Int {
        (page / pagesPerBlock) * blockSize
    }

    /// The physical offset of data page `page`'s 64-byte IV-table entry.
    public static func ivEntryOffset(page: Int) -> Int {
        ivTableOffset(page: page) + (page % pagesPerBlock) * ivEntrySize
    }

    /// The logical size a physical file of `physicalSize` bytes holds: its size less its
    /// IV-table pages, one per started block.
    ///
    /// realm-core (`encrypted_size_to_data_size`) counts the IV-table pages as
    /// `(pages + 64) / 65`, i.e. one per started block of 65 pages. §11.1 writes `+ 63`, which
    /// agrees whenever the file ends with a data page but not when it ends with an IV-table page
    /// (as realm-core's own `physicalSize` leaves a file whose logical size is a multiple of
    /// 64 pages): there `+ 63` would count a data page that is not there. This follows
    /// realm-core, so `logicalSize(physicalSize(n)) == n` for every whole number of pages.
    public static func logicalSize(physicalSize: Int) -> Int {
        guard physicalSize > 0 else { return 0 }
        let pages = physicalSize / pageSize
        let ivTablePages = (pages + pagesPerBlock) / (pagesPerBlock + 1)
        return physicalSize - ivTablePages * pageSize
    }

    /// The physical size realm-core gives a file of `logicalSize` bytes:
    /// `physical(round_up(n, 4096))`. When the logical size is a whole number of blocks this
    /// includes the (empty) IV-table page of the next block, as realm-core's
    /// `data_size_to_encrypted_size` does. An empty logical file is an empty physical file.
    public static func physicalSize(logicalSize: Int) -> Int {
        guard logicalSize > 0 else { return 0 }
        return physical(roundedUpToPage(logicalSize))
    }

    /// The number of data pages a logical size of `logicalSize` bytes needs.
    public static func pageCount(logicalSize: Int) -> Int {
        roundedUpToPage(logicalSize) / pageSize
    }

    static func roundedUpToPage(_ size: Int) -> Int {
        (size + pageSize - 1) / pageSize * pageSize
    }
}
