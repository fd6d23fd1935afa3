/// Logical bytes of an encrypted file read a page at a time (each page decrypted once), for
/// the few bytes a version check needs.
final class EncryptedPageReader {
    private let pages: EncryptedPageWriter
    private var cache: [Int: [UInt8]] = [:]
    let logicalSize: Int

    init(descriptor: Int32, key: EncryptionKey) throws(EncryptionError) {
        pages = try EncryptedPageWriter(descriptor: descriptor, key: key)
        logicalSize = pages.logicalSize
    }

    func read(_ count: Int, at offset: Int) throws(EncryptionError) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(count)
        var position = offset
        while position < offset + count {
            let index = position / EncryptedLayout.pageSize
            let page = try self.page(index)
            let start = position - index * EncryptedLayout.pageSize
            let end = min(EncryptedLayout.pageSize, start + (offset + count - position))
            result += page[start..<end]
            position += end - start
        }
        return result
    }

    private func page(_ index: Int) throws(EncryptionError) -> [UInt8] {
        if let page = cache[index] { return page }
        var page = [UInt8](repeating: 0, count: EncryptedLayout.pageSize)
        var failure: EncryptionError?
        page.withUnsafeMutableBytes { buffer in
            do throws(EncryptionError) { _ = try pages.read(page: index, into: buffer) } catch { failure = error }
        }
        if let failure { throw failure }
        cache[index] = page
        return page
    }
}
