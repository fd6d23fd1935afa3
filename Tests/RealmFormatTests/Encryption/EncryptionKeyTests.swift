import TestSupport
import Foundation
@testable import RealmFormat
import Testing

/// Keys come from users: typed, pasted, or kept in files. Every form must give the same 64
/// bytes, and every mistake must be explained by length or position without repeating the key.
@Suite("Encryption: keys")
struct EncryptionKeyTests {
    let expected = EncryptedFixture.keyBytes
    let hex = EncryptedFixture.hexKey
    let base64 = EncryptedFixture.base64Key

    func bytes(of key: EncryptionKey) -> [UInt8] {
        key.withUnsafeBytes { Array($0) }
    }

    @Test func fixtureKeyForms() {
        #expect(hex.count == 128 && hex.hasPrefix("000102") && hex.hasSuffix("3e3f"))
        #expect(base64.count == 88 && base64.hasSuffix("=="))
        #expect(base64 == "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0+Pw==")
    }

    @Test func hexInEitherCase() throws {
        #expect(bytes(of: try EncryptionKey.parse(text: hex)) == expected)
        #expect(bytes(of: try EncryptionKey.parse(text: hex.uppercased())) == expected)
        let mixed = String(hex.enumerated().map { $0.offset % 3 == 0 ? Character($0.element.uppercased()) : $0.element })
        #expect(bytes(of: try EncryptionKey.parse(text: mixed)) == expected)
        let other = String(repeating: "fF", count: 64)
        #expect(bytes(of: try EncryptionKey.parse(text: other)) == [UInt8](repeating: 0xFF, count: 64))
    }

    @Test func base64Text() throws {
        #expect(bytes(of: try EncryptionKey.parse(text: base64)) == expected)
        let ones = Data([UInt8](repeating: 0xFB, count: 64)).base64EncodedString()  // uses '+' and '/'
        #expect(ones.contains("+") || ones.contains("/"))
        #expect(bytes(of: try EncryptionKey.parse(text: ones)) == [UInt8](repeating: 0xFB, count: 64))
        let random = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        #expect(bytes(of: try EncryptionKey.parse(text: Data(random).base64EncodedString())) == random)
    }

    @Test func surroundingWhitespaceIsIgnored() throws {
        for text in [hex + "\n", "  " + hex + "\r\n", "\t" + base64 + "\n\n", "\u{FEFF}" + hex + "\n"] {
            #expect(bytes(of: try EncryptionKey.parse(text: text)) == expected)
        }
    }

    @Test func rawBytes() throws {
        let key = try expected.withUnsafeBytes { try EncryptionKey(bytes: $0) }
        #expect(bytes(of: key) == expected)
        let short = [UInt8](repeating: 1, count: 63)
        #expect(throws: EncryptionKeyError.wrongByteCount(63)) {
            try short.withUnsafeBytes { _ = try EncryptionKey(bytes: $0) }
        }
    }

    @Test func keyFileContents() throws {
        // Exactly 64 bytes: the raw key (even if they happened to be printable).
        #expect(bytes(of: try EncryptionKey.parse(keyFile: expected)) == expected)
        let printable = [UInt8](String(repeating: "a", count: 64).utf8)
        #expect(bytes(of: try EncryptionKey.parse(keyFile: printable)) == printable)
        // Anything else is text.
        #expect(bytes(of: try EncryptionKey.parse(keyFile: [UInt8]((hex + "\n").utf8))) == expected)
        #expect(bytes(of: try EncryptionKey.parse(keyFile: [UInt8]((base64 + "\r\n").utf8))) == expected)
        // 65 bytes that are not UTF-8 (a raw key with a byte too many).
        let notText = expected + [0xFF]
        #expect(keyError { _ = try EncryptionKey.parse(keyFile: notText) } == .keyFileNotAKey(byteCount: 65))
        // Text of the wrong length is reported as text.
        #expect(keyError { _ = try EncryptionKey.parse(keyFile: [UInt8]((String(hex.dropLast()) + "\n").utf8)) }
                == .wrongLength(found: 127, allHexDigits: true))
    }

    @Test func keyFilesOnDisk() throws {
        let scratch = try EncryptionScratch()
        defer { scratch.remove() }
        let raw = try scratch.write(expected, to: "raw.key")
        #expect(bytes(of: try EncryptionKey.load(keyFile: raw)) == expected)
        let text = try scratch.write([UInt8]((hex + "\n").utf8), to: "hex.key")
        #expect(bytes(of: try EncryptionKey.load(keyFile: text)) == expected)
        let missing = scratch.path("missing.key")
        #expect(keyError { _ = try EncryptionKey.load(keyFile: missing) }
                == .cannotReadKeyFile(path: missing, reason: "No such file or directory"))
        #expect(keyError { _ = try EncryptionKey.load(keyFile: scratch.directory.path) }
                == .cannotReadKeyFile(path: scratch.directory.path, reason: "Is a directory"))
        let huge = try scratch.write([UInt8](repeating: 0x41, count: 100_000), to: "huge.key")
        #expect(keyError { _ = try EncryptionKey.load(keyFile: huge) } == .keyFileTooLarge(path: huge))
        let empty = try scratch.write([], to: "empty.key")
        #expect(keyError { _ = try EncryptionKey.load(keyFile: empty) } == .empty)
    }

    @Test func wrongLengths() {
        let cases: [(String, EncryptionKeyError, String)] = [
            (String(hex.dropLast()), .wrongLength(found: 127, allHexDigits: true),
             "the key has 127 hex digits; a Realm key is 64 bytes: 128 hex digits or 88 base64 characters"),
            (hex + "0", .wrongLength(found: 129, allHexDigits: true),
             "the key has 129 hex digits; a Realm key is 64 bytes: 128 hex digits or 88 base64 characters"),
            (String(hex.prefix(64)), .wrongLength(found: 64, allHexDigits: true),
             "the key has 64 hex digits; a Realm key is 64 bytes: 128 hex digits or 88 base64 characters"),
            ("0", .wrongLength(found: 1, allHexDigits: true),
             "the key has 1 hex digit; a Realm key is 64 bytes: 128 hex digits or 88 base64 characters"),
            (String(base64.dropLast(2)), .wrongLength(found: 86, allHexDigits: false),
             "the key has 86 characters; a Realm key is 64 bytes: 128 hex digits or 88 base64 characters"),
            ("0x" + hex, .wrongLength(found: 130, allHexDigits: false),
             "the key has 130 characters; a Realm key is 64 bytes: 128 hex digits or 88 base64 characters"),
            ("  \n\t", .empty, "the key is empty; a Realm key is 64 bytes: 128 hex digits or 88 base64 characters"),
            ("", .empty, "the key is empty; a Realm key is 64 bytes: 128 hex digits or 88 base64 characters"),
        ]
        for (text, error, message) in cases {
            let thrown = keyError { _ = try EncryptionKey.parse(text: text) }
            #expect(thrown == error, "\(text.count) characters")
            #expect(thrown?.description == message)
        }
    }

    @Test func badCharacterPositions() {
        func replacing(_ text: String, at position: Int, with replacement: Character) -> String {
            var characters = Array(text)
            characters[position - 1] = replacement
            return String(characters)
        }
        for position in [1, 2, 17, 64, 127, 128] {
            let thrown = keyError { _ = try EncryptionKey.parse(text: replacing(hex, at: position, with: "g")) }
            #expect(thrown == .notHexDigit(position: position))
            #expect(thrown?.description == "character \(position) of the key is not a hex digit")
        }
        // Positions count characters, not bytes, and start after leading whitespace.
        #expect(keyError { _ = try EncryptionKey.parse(text: "  " + replacing(hex, at: 5, with: "é")) } == .notHexDigit(position: 5))
        #expect(keyError { _ = try EncryptionKey.parse(text: replacing(hex, at: 40, with: " ")) } == .notHexDigit(position: 40))
        for position in [1, 10, 86] {
            let thrown = keyError { _ = try EncryptionKey.parse(text: replacing(base64, at: position, with: "!")) }
            #expect(thrown == .notBase64(position: position))
            #expect(thrown?.description == "character \(position) of the key is not a base64 character")
        }
        #expect(keyError { _ = try EncryptionKey.parse(text: replacing(base64, at: 40, with: "=")) } == .notBase64(position: 40))
        #expect(keyError { _ = try EncryptionKey.parse(text: replacing(base64, at: 88, with: "A")) } == .notBase64(position: 87),
                "padding followed by data")
        // 88 base64 characters with one '=' or none are 65 or 66 bytes.
        let onePad = replacing(base64, at: 87, with: "A")
        let thrown = keyError { _ = try EncryptionKey.parse(text: replacing(onePad, at: 88, with: "=")) }
        #expect(thrown == .base64DecodesTo(byteCount: 65))
        #expect(thrown?.description.hasPrefix("the key's 88 base64 characters decode to 65 bytes") == true)
        #expect(keyError { _ = try EncryptionKey.parse(text: replacing(onePad, at: 88, with: "A")) } == .base64DecodesTo(byteCount: 66))
    }

    /// No message, and no printing of a key, may carry a piece of the key: every run of 8 hex
    /// digits (either case) and every 8 characters of its base64 are looked for.
    @Test func messagesNeverContainKeyMaterial() throws {
        func pieces(_ text: String) -> [String] {
            let characters = Array(text)
            return (0...(characters.count - 8)).map { String(characters[$0 ..< $0 + 8]) }
        }
        let secrets = Set(pieces(hex) + pieces(hex.uppercased()) + pieces(base64))
        var inputs = [String(hex.dropLast()), hex + "a", String(hex.prefix(100)), String(base64.dropLast()),
                      String(base64.dropFirst()), hex + hex, "key=" + hex]
        for position in stride(from: 1, through: 128, by: 9) {
            var characters = Array(hex)
            characters[position - 1] = "z"
            inputs.append(String(characters))
        }
        for position in stride(from: 1, through: 88, by: 7) {
            var characters = Array(base64)
            characters[position - 1] = "#"
            inputs.append(String(characters))
        }
        var messages: [String] = []
        for input in inputs {
            let thrown = try #require(keyError { _ = try EncryptionKey.parse(text: input) }, "\(input.count) characters")
            messages.append(thrown.description)
            messages.append("\(thrown)")
            messages.append(String(reflecting: thrown))
            if let fileError = keyError({ _ = try EncryptionKey.parse(keyFile: [UInt8](input.utf8)) }) {
                messages.append(fileError.description)
            }
        }
        let key = try EncryptedFixture.key()
        messages += [key.description, "\(key)", String(reflecting: key)]
        #expect(messages.count > 2 * inputs.count)
        for message in messages {
            for secret in secrets {
                #expect(!message.contains(secret), "a message repeats key material: \(message.count) characters")
            }
        }
        #expect(key.description == "EncryptionKey(64 bytes, not shown)")
    }
}
