import Foundation
import RealmFormat
import RealmInterchange
import TestSupport
import Testing

/// Files written by `writeCopy` or compaction are in "streaming form": the header's first slot
/// holds all ones and the real top ref sits in a 16-byte footer at the end of the file
/// (format document §1.2). No fixture is in that form, so the test rewrites a copy of one the
/// way realm-core lays out a streaming file and requires it to read exactly like the dump.
@Suite("Streaming form", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct StreamingFormTests {
    static let footerCookie: UInt64 = 0x3034_1252_37E5_26C8

    /// The fixture's bytes with the header in streaming form and the live top ref in a footer.
    static func streamingCopy(of bytes: [UInt8]) throws -> [UInt8] {
        let raw = try #require(RawHeader(bytes))
        var copy = bytes
        copy.replaceSubrange(0..<8, with: [UInt8](repeating: 0xFF, count: 8))
        copy.replaceSubrange(8..<16, with: [UInt8](repeating: 0, count: 8))
        copy[20] = raw.selectedFormat
        copy[21] = 0
        copy[23] = 0
        copy += withUnsafeBytes(of: raw.selectedTopRef.littleEndian, Array.init)
        copy += withUnsafeBytes(of: footerCookie.littleEndian, Array.init)
        return copy
    }

    @Test("a streaming-form copy reads exactly like its dump", arguments: ["species", "tasks", "demo"])
    func streamingCopyMatchesDump(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let original = try Fixtures.bytes(fixture)
        let copy = try TemporaryRealmCopy(bytes: try Self.streamingCopy(of: original), name: "\(fixture)-streaming")
        defer { copy.remove() }

        let file = try RealmFile(path: copy.path)
        let raw = try #require(RawHeader(original))
        #expect(file.header.isStreamingForm)
        #expect(file.header.topRef == Int64(bitPattern: raw.selectedTopRef))
        #expect(file.header.fileFormat == Int(raw.selectedFormat))

        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
        let tableDumps = try #require(dump["tables"]?.array)
        try #require(file.tables.count == tableDumps.count)
        var comparison = GoldenComparison(fixture: fixture, file: file)
        for (table, tableDump) in zip(file.tables, tableDumps) {
            try comparison.compareSchema(of: table, with: tableDump)
            try comparison.compareObjects(of: table, with: tableDump)
        }
        #expect(comparison.valuesCompared == GoldenComparison.expectedCounts(tableDumps: tableDumps).values)
        #expect(comparison.mismatches == 0)
    }

    @Test("a streaming-form header without its footer cookie is not a Realm file")
    func missingCookieIsRejected() throws {
        guard Fixtures.requirePresent() else { return }
        var bytes = try Self.streamingCopy(of: try Fixtures.bytes("species"))
        bytes[bytes.count - 1] ^= 0xFF
        let copy = try TemporaryRealmCopy(bytes: bytes, name: "species-bad-footer")
        defer { copy.remove() }
        #expect {
            _ = try RealmFile(path: copy.path)
        } throws: { error in
            guard case let .notARealmFile(reason)? = error as? RealmFormatError else { return false }
            return reason.contains("footer")
        }
    }
}
