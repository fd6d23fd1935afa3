/// Sizes realm-core refuses to store. Checking them where values are typed or imported gives
/// an error that names the property and the row, instead of a failure deep in the writer.
public enum RealmLimits {
    /// The longest string value, in UTF-8 bytes (a blob holds 0xFFFFF8 bytes minus the
    /// 8-byte node header, and strings keep a terminating zero).
    public static let maximumStringBytes = 0xFF_FFF8 - 8 - 1
    /// The longest binary value, in bytes.
    public static let maximumBinaryBytes = 0xFF_FFF8 - 8

    /// Why `value` is too big for Realm, or nil when it fits.
    public static func excess(of value: RealmValue) -> String? {
        switch value {
        case let .string(text) where text.utf8.count > maximumStringBytes:
            return "\(text.utf8.count) bytes of text; Realm stores at most \(maximumStringBytes) bytes in a string"
        case let .binary(bytes) where bytes.count > maximumBinaryBytes:
            return "\(bytes.count) bytes of data; Realm stores at most \(maximumBinaryBytes) bytes in a binary value"
        default:
            return nil
        }
    }
}
