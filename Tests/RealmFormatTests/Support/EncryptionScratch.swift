import Foundation
@testable import RealmFormat
import TestSupport

/// A temporary directory for encrypted files made or damaged by the tests (the fixtures stay
/// read-only and are only ever copied here, never into the repository).
final class EncryptionScratch {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("EncryptionTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let target = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    static func read(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

/// An open file descriptor, closed when released.
final class OpenDescriptor {
    let fd: Int32

    init(_ path: String, flags: Int32 = O_RDWR) throws {
        fd = open(path, flags | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: path]) }
    }

    deinit { close(fd) }

    /// Overwrites bytes at `offset` (patching a copy, or writing half of a page update).
    func patch(_ bytes: [UInt8], at offset: Int) {
        let wrote = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
        precondition(wrote == bytes.count, "test patch failed")
    }

    func bytes(at offset: Int, count: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        let got = out.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
        precondition(got == count, "test read failed")
        return out
    }
}

/// Plaintext images for the writer tests: deterministic bytes with a Realm header's mnemonic
/// at 16-19, since `EncryptedFile` checks that page 0 decrypts to a Realm header.
enum PlaintextImage {
    static func make(pages: Int, seed: UInt64) -> [UInt8] {
        make(byteCount: pages * EncryptedLayout.pageSize, seed: seed)
    }

    static func make(byteCount: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        var bytes = [UInt8](repeating: 0, count: byteCount)
        var index = 0
        while index < byteCount {
            let word = generator.next()
            for shift in 0..<8 where index < byteCount {
                bytes[index] = UInt8(truncatingIfNeeded: word >> (8 * UInt64(shift)))
                index += 1
            }
        }
        if byteCount >= 20 { bytes.replaceSubrange(16..<20, with: Array("T-DB".utf8)) }
        return bytes
    }

    /// One page of a plaintext image.
    static func page(_ image: [UInt8], _ page: Int) -> [UInt8] {
        Array(image[page * EncryptedLayout.pageSize ..< (page + 1) * EncryptedLayout.pageSize])
    }
}

extension EncryptedFile {
    /// The decrypted image as an array, for comparisons.
    var plaintextBytes: [UInt8] { Array(plaintext) }
}

/// Writes `plaintext` as a fresh encrypted file at `path`.
func writeEncryptedFile(_ plaintext: [UInt8], to path: String, key: EncryptionKey,
                        freshIV: PageCipher.FreshIV = .sequential) throws {
    let file = try OpenDescriptor(path, flags: O_RDWR | O_CREAT | O_TRUNC)
    try plaintext.withUnsafeBytes { raw in
        try EncryptedPageWriter.writeFile(plaintext: raw, to: file.fd, key: key, freshIV: freshIV)
    }
}

/// Writes one page through a writer.
func writePage(_ writer: EncryptedPageWriter, _ page: Int, _ plaintext: [UInt8]) throws {
    try plaintext.withUnsafeBytes { raw in try writer.write(page: page, plaintext: raw) }
}

/// The `EncryptionError` an expression throws (nil when it throws nothing or something else,
/// which the comparison with the expected case then reports).
func encryptionError(_ body: () throws -> Void) -> EncryptionError? {
    do {
        try body()
        return nil
    } catch {
        return error as? EncryptionError
    }
}

/// The `EncryptionKeyError` an expression throws (nil when it throws nothing or something else).
func keyError(_ body: () throws -> Void) -> EncryptionKeyError? {
    do {
        try body()
        return nil
    } catch {
        return error as? EncryptionKeyError
    }
}
