@testable import RealmInterchange
import FuzzSupport
import RealmFormat

/// Arbitrary bytes as JSON: the file of `import json` (records, then planned as a new class
/// and into fixture classes) and the dump `load` reads (parsed, then turned into tables).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = FuzzInputFile.write(data, size, suffix: ".json")
    ImportHarness.run(format: "json", path: path)
    do throws(JSONParseError) {
        let dump = try JSONParser.parse(UnsafeBufferPointer(start: data, count: size))
        do throws(DumpLoadError) {
            _ = try DumpLoader.tables(from: dump)
        } catch {
            _ = error.description
        }
    } catch {
        _ = error.description
    }
    return 0
}
