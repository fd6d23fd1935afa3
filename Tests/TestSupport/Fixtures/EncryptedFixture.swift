import Foundation
import RealmFormat

/// encrypted.realm's key (fixtures/README.md: the bytes 0x00 ... 0x3f), in the forms users give.
public enum EncryptedFixture {
    public static let keyBytes: [UInt8] = Array(0..<64)
    public static let hexKey = keyBytes.map { String(format: "%02x", $0) }.joined()
    public static let base64Key = Data(keyBytes).base64EncodedString()
    public static var path: String { Fixtures.realmPath("encrypted") }
    /// 86016 bytes on disk: one IV table and 20 data pages.
    public static let physicalSize = 86016
    public static let dataPages = 20
    /// The data pages realm-core wrote (IV entry iv1 != 0); the others are free space at the
    /// end of the file, never written, all-zero ciphertext under a zero entry, read as zeros.
    public static let writtenPages = [0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12]

    public static func key() throws -> EncryptionKey {
        try keyBytes.withUnsafeBytes { raw throws -> EncryptionKey in try EncryptionKey(bytes: raw) }
    }

    /// A key that differs from the fixture's in one bit of the chosen byte.
    public static func alteredKey(byte: Int) throws -> EncryptionKey {
        var bytes = keyBytes
        bytes[byte] ^= 0x01
        return try bytes.withUnsafeBytes { raw throws -> EncryptionKey in try EncryptionKey(bytes: raw) }
    }

    /// Writes the key as 64 raw bytes to `directory/name` and returns the path.
    public static func writeKeyFile(in directory: String, name: String = "realm.key") throws -> String {
        let path = directory + "/" + name
        try Data(keyBytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The decrypted bytes of the encrypted realm at `path`, for the space accounting.
    public static func plaintext(of path: String, key: EncryptionKey) throws -> [UInt8] {
        let file = try EncryptedFile(path: path, key: key)
        return Array(file.plaintext)
    }
}
