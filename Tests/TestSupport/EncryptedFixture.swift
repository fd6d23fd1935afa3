import Foundation
import RealmFormat

/// encrypted.realm's key (fixtures/README.md: the bytes 0x00 ... 0x3f), in the forms users give.
public enum EncryptedFixture {
    public static let keyBytes: [UInt8] = Array(0..<64)
    public static let hexKey = keyBytes.map { String(format: "%02x", $0) }.joined()

    public static func key() throws -> EncryptionKey {
        try keyBytes.withUnsafeBytes { try EncryptionKey(bytes: $0) }
    }

    /// Writes the key as 64 raw bytes to `directory/name` and returns the path.
    public static func writeKeyFile(in directory: String, name: String = "realm.key") throws -> String {
        let path = directory + "/" + name
        try Data(keyBytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The decrypted bytes of the encrypted realm at `path`, for the space verifier.
    public static func plaintext(of path: String, key: EncryptionKey) throws -> [UInt8] {
        let file = try EncryptedFile(path: path, key: key)
        return Array(file.plaintext)
    }
}
