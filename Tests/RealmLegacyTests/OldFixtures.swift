import Foundation
import RealmFormat
import RealmLegacy
import TestSupport

/// The fixtures of ../shared/fixtures/old-formats: each recipe in formats 5 to 11, with the
/// dump realm-core gives after upgrading a copy (their README). Read in place.
enum OldFixtures {
    static let recipes = ["species", "tasks", "demo", "alltypes", "encrypted"]
    static let formats = Array(5...11)

    /// Every fixture by name (`tasks-f9`).
    static let names: [String] = recipes.flatMap { recipe in formats.map { "\(recipe)-f\($0)" } }

    static func realmPath(_ name: String) -> String { Fixtures.realmPath("old-formats/\(name)") }
    static func jsonPath(_ name: String) -> String { Fixtures.jsonPath("old-formats/\(name)") }

    /// The format a fixture's name says (`demo-f10` -> 10).
    static func format(of name: String) -> Int {
        Int(name.split(separator: "f").last.map(String.init) ?? "") ?? 0
    }

    /// The key of the encrypted recipe (the bytes 0x00 ... 0x3f, as encrypted.realm's).
    static func key(for name: String) throws -> EncryptionKey? {
        name.hasPrefix("encrypted") ? try EncryptedFixture.key() : nil
    }

    /// Opens a fixture as the browser does (through its format-24 image).
    static func open(_ name: String) throws -> RealmFile {
        try FileOpening.open(path: realmPath(name), key: try key(for: name))
    }
}
