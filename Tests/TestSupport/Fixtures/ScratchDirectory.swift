import Foundation

/// A directory of its own under the temporary directory for one test's files, removed with
/// everything in it when the value goes away.
public final class ScratchDirectory {
    public let path: String

    public init() throws {
        var template = Array((NSTemporaryDirectory() + "/realm-browser-test-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The names in the directory, sorted.
    public func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}
