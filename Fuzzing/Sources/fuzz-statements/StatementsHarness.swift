import RealmShell

/// Arbitrary text as script input: split into statements (`-c`, `-f`), each into its command
/// and words, and fed line by line through the REPL's accumulator of unfinished statements.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStatements(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for statement in StatementSplitter.statements(in: text) {
        let (name, arguments) = StatementSplitter.command(in: statement)
        _ = StatementSplitter.words(in: arguments).count + name.count
    }
    var accumulator = StatementAccumulator()
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        _ = accumulator.add(String(line))
    }
    _ = accumulator.flush()
    _ = StatementAccumulator.isComplete(text)
    return 0
}
