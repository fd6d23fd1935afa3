/// A 12-byte MongoDB-style ObjectId, kept as its bytes in display order.
public struct ObjectId: Hashable, Sendable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init?(bytes: [UInt8]) {
        guard bytes.count == 12 else { return nil }
        self.bytes = bytes
    }

    /// 24 lower-case hex digits, as Realm prints ObjectIds.
    public var description: String { HexText.encode(bytes) }
}

/// A UUID as Realm stores it: 16 bytes in canonical string order.
///
/// Named apart from Foundation's `UUID` so that code importing both stays unambiguous.
public struct RealmUUID: Hashable, Sendable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init?(bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Lower-case 8-4-4-4-12.
    public var description: String {
        let hex = HexText.encode(bytes)
        var text = ""
        for (index, character) in hex.enumerated() {
            if [8, 12, 16, 20].contains(index) { text.append("-") }
            text.append(character)
        }
        return text
    }
}

enum HexText {
    static let digits = Array("0123456789abcdef")

    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text = ""
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return text
    }
}
