@testable import RealmInterchange
import FuzzSupport
import RealmFormat

/// Arbitrary bytes as the file of `import csv`: read into records, then planned both as a new
/// class (types inferred) and into existing classes of the fixtures (every field checked
/// against the property's type and links resolved), which is all `import` does before writing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = FuzzInputFile.write(data, size, suffix: ".csv")
    ImportHarness.run(format: "csv", path: path)
    return 0
}
