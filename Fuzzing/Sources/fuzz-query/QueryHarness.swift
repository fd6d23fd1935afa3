import FuzzSupport
import RealmFormat
import RealmQuery

/// Arbitrary text as a query: lexed, parsed, bound to a fixture class's schema and evaluated,
/// by the scan kernels and by the general evaluator. The first line names the fixture and the
/// class (`alltypes AllTypes`, as the seeds from ../shared/queries are written); an input whose
/// first line names none is a query on alltypes' AllTypes, all types being there.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var (file, table) = FuzzFixtures.table("alltypes", "AllTypes")
    var query = Substring(text)
    if let newline = text.firstIndex(of: "\n") {
        let words = text[..<newline].split(separator: " ")
        if words.count == 2, let fixture = FuzzFixtures.files[String(words[0])],
           let named = fixture.classTables.first(where: { $0.className == String(words[1]) }) {
            (file, table) = (fixture, named)
            query = text[text.index(after: newline)...]
        }
    }
    for strategy in [QueryEngine.Strategy.kernels, .general] {
        do {
            _ = try QueryEngine(file: file, strategy: strategy).run(String(query), on: table)
        } catch {
            _ = error.description
        }
    }
    return 0
}
