import RealmFormat
import RealmLegacy
import TestSupport

extension OldFixtures {
    /// Opens a fixture as the browser does (through its format-24 image).
    static func open(_ name: String) throws -> RealmFile {
        try FileOpening.open(path: realmPath(name), key: try key(for: name))
    }
}
