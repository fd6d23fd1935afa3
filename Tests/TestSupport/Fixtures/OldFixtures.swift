import Foundation
import RealmFormat

/// The fixtures of ../shared/fixtures/old-formats: each recipe in formats 5 to 11, with the
/// dump realm-core gives after upgrading a copy (their README). Read in place.
public enum OldFixtures {
    public static let recipes = ["species", "tasks", "demo", "alltypes", "encrypted"]
    public static let formats = Array(5...11)

    /// Every fixture by name (`tasks-f9`).
    public static let names: [String] = recipes.flatMap { recipe in formats.map { "\(recipe)-f\($0)" } }

    public static func realmPath(_ name: String) -> String { Fixtures.realmPath("old-formats/\(name)") }
    public static func jsonPath(_ name: String) -> String { Fixtures.jsonPath("old-formats/\(name)") }

    /// The format a fixture's name says (`demo-f10` -> 10).
    public static func format(of name: String) -> Int {
        Int(name.split(separator: "f").last.map(String.init) ?? "") ?? 0
    }

    /// The key of the encrypted recipe (the bytes 0x00 ... 0x3f, as encrypted.realm's).
    public static func key(for name: String) throws -> EncryptionKey? {
        name.hasPrefix("encrypted") ? try EncryptedFixture.key() : nil
    }
}

/// The first line where two texts (dumps) differ, for a failure message that says where.
public enum TextDifference {
    public static func firstLine(_ expected: [UInt8], _ actual: [UInt8]) -> String {
        let left = expected.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let right = actual.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? String(decoding: left[index].prefix(300), as: UTF8.self) : "(end)"
            let b = index < right.count ? String(decoding: right[index].prefix(300), as: UTF8.self) : "(end)"
            if a != b { return "line \(index + 1): expected \(a) but dumped \(b)" }
        }
        return "no line differs"
    }
}
