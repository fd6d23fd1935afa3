import BrowserKit
import FuzzSupport
import RealmFormat

/// Arbitrary bytes as a realm file: open it and dump every table, as `dump` does. Any outcome
/// but a typed error or a dump is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = FuzzInputFile.write(data, size, suffix: ".realm")
    do {
        let file = try RealmFile(path: path)
        try DumpWriter(file: file).write(tables: file.tables, to: NullOutput())
    } catch {
        _ = error.description
    }
    return 0
}
