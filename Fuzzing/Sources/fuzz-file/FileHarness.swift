import RealmInterchange
import FuzzSupport
import RealmFormat
import RealmLegacy

/// Arbitrary bytes as a realm file: open it as the browser does (formats 5-11 through their
/// format-24 image) and dump every table, as `dump` does. Any outcome but a typed error or a
/// dump is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = FuzzInputFile.write(data, size, suffix: ".realm")
    do {
        let file = try FileOpening.open(path: path)
        try DumpWriter(file: file).write(tables: file.tables, to: NullOutput())
    } catch {
        _ = error.description
    }
    return 0
}
