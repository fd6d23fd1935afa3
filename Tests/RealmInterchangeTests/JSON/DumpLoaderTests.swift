import Foundation
import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// `load` reads binary values with the one strict base64 decoder the query language uses too:
/// a dump that says `"Ym=lu="` (a stray `=` inside) is refused, naming the value, rather than
/// read as some other bytes.
@Suite("Loading a dump", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct DumpLoaderTests {
    static func tables(replacing old: String, with new: String) throws -> Result<[NewTable], DumpLoadError> {
        let text = try String(contentsOfFile: Fixtures.jsonPath("alltypes"), encoding: .utf8)
        #expect(text.contains(old))
        let dump = try JSONParser.parse(Array(text.replacingOccurrences(of: old, with: new).utf8))
        return Result { () throws(DumpLoadError) in try DumpLoader.tables(from: dump) }
    }

    @Test("strict base64: the fixture's \"Ymlu\" is the bytes of 'bin'; \"Ym=lu=\" is refused")
    func strictBase64() throws {
        guard Fixtures.requirePresent() else { return }
        let loaded = try Self.tables(replacing: "\"$binary\": \"Ymlu\"", with: "\"$binary\": \"Ymlu\"").get()
        let bin = RealmValue.binary(Array("bin".utf8))
        func holdsBin(_ value: NewValue) -> Bool {
            switch value {
            case let .scalar(scalar): return scalar == bin
            case let .list(values): return values.contains(bin)
            case let .mixedList(values): return values.contains(where: holdsBin)
            case let .dictionary(entries): return entries.contains { holdsBin($0.value) }
            default: return false
            }
        }
        let found = loaded.contains { table in table.values.contains { $0.contains(where: holdsBin) } }
        #expect(found, "the dump's \"Ymlu\" is read as the bytes of 'bin'")
        for malformed in ["Ym=lu=", "Ymlu=x", "Y", "Ym!u"] {
            switch try Self.tables(replacing: "\"$binary\": \"Ymlu\"", with: "\"$binary\": \"\(malformed)\"") {
            case .success: Issue.record("\(malformed) was loaded")
            case let .failure(error): #expect("\(error)".contains(malformed), "\(malformed): \(error)")
            }
        }
    }
}
