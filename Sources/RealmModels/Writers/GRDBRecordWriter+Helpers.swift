/// The two value types `models grdb` writes beside the records that need them: the export
/// stores a few values in a form no plain Swift type decodes (docs/sqlite-export.md).
extension GRDBRecordWriter {
    /// A float or double: REAL, or the text 'NaN' or '-0x0p+0' (SQLite would store a REAL NaN as
    /// NULL and a REAL -0.0 as the integer 0). Swift's `Double(_:)` reads both texts.
    static let realHelper = """
    /// A Realm float or double as the export stores it: REAL, or the texts 'NaN' and '-0x0p+0'.
    struct RealmReal: Codable, Hashable, DatabaseValueConvertible {
        var value: Double

        init(_ value: Double) { self.value = value }

        init(from decoder: Decoder) throws {
            value = try decoder.singleValueContainer().decode(Double.self)
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }

        var databaseValue: DatabaseValue {
            if value.isNaN { return "NaN".databaseValue }
            if value == 0 && value.sign == .minus { return "-0x0p+0".databaseValue }
            return value.databaseValue
        }

        static func fromDatabaseValue(_ dbValue: DatabaseValue) -> RealmReal? {
            switch dbValue.storage {
            case let .double(number): return RealmReal(number)
            case let .int64(number): return RealmReal(Double(number))
            case let .string(text): return Double(text).map(RealmReal.init)
            case .null, .blob: return nil
            }
        }
    }

    """

    /// A Mixed value: whatever SQLite holds, its Realm type in the `_type` column beside it.
    static let mixedHelper = """
    /// A Realm Mixed value as the export stores it: SQLite's own storage class for it (a link is
    /// the target's _key, a nested collection JSON text); the `_type` column beside it names the
    /// Realm type ("int", "date", "link:Dog", "list", ...).
    struct RealmMixed: Codable, Hashable, DatabaseValueConvertible {
        var databaseValue: DatabaseValue

        init(databaseValue: DatabaseValue) { self.databaseValue = databaseValue }

        static func fromDatabaseValue(_ dbValue: DatabaseValue) -> RealmMixed? {
            RealmMixed(databaseValue: dbValue)
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                databaseValue = .null
            } else if let number = try? container.decode(Int64.self) {
                databaseValue = number.databaseValue
            } else if let number = try? container.decode(Double.self) {
                databaseValue = number.databaseValue
            } else if let text = try? container.decode(String.self) {
                databaseValue = text.databaseValue
            } else {
                databaseValue = try container.decode(Data.self).databaseValue
            }
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch databaseValue.storage {
            case .null: try container.encodeNil()
            case let .int64(number): try container.encode(number)
            case let .double(number): try container.encode(number)
            case let .string(text): try container.encode(text)
            case let .blob(bytes): try container.encode(bytes)
            }
        }
    }

    """
}
