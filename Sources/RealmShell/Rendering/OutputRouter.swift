import RealmInterchange

/// Where a session's output goes right now: the standard output (through the pager in an
/// interactive session), the file `output FILE` chose, or for one command the file of
/// `once FILE`, as in sqlite3's shell. Commands only ever see one `OutputSink`.
public final class OutputRouter: OutputSink {
    private let standard: OutputSink
    private var pager: PagingOutput?
    private var file: (sink: FileOutput, path: String)?
    /// `once FILE` waits for the command after `once` itself.
    private var armedOnce: (sink: FileOutput, path: String)?
    private var once: (sink: FileOutput, path: String)?

    init(standard: OutputSink) {
        self.standard = standard
    }

    /// Whether output currently reaches the standard output (so terminal colors, width and the
    /// pager apply) rather than a file.
    public var isStandardOutput: Bool { once == nil && file == nil }

    /// The file `output FILE` chose, if any.
    public var filePath: String? { file?.path }

    private var current: OutputSink {
        if let captured { return captured }
        if let once { return once.sink }
        if let file { return file.sink }
        return streaming ? standard : pager ?? standard
    }

    /// While set, output is collected here instead of delivered (`watch` compares each run's
    /// output with the last one's before it prints anything).
    private var captured: BufferedOutput?
    /// While set, the standard output does not go through the pager: `watch` shows each
    /// version as it comes, where the pager would hold it back until the command ends.
    private var streaming = false

    /// Runs `body` with its output collected and returns that text, with the error `body`
    /// threw (its partial output is returned too, for the caller to drop).
    func capture(_ body: () throws(BrowserError) -> Void) -> (text: String, error: BrowserError?) {
        let saved = captured
        let buffer = BufferedOutput()
        captured = buffer
        defer { captured = saved }
        do {
            try body()
            return (buffer.text, nil)
        } catch {
            return (buffer.text, error)
        }
    }

    /// Runs `body` with the standard output past the pager, straight to the terminal.
    func streamingPastPager<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
        let saved = streaming
        streaming = true
        defer { streaming = saved }
        try body()
    }

    public func write(_ text: String) {
        if let held { held.write(text) } else { current.write(text) }
    }

    public func write(bytes: UnsafeRawBufferPointer) {
        if let held { held.write(bytes: bytes) } else { current.write(bytes: bytes) }
    }

    public func flush() {
        if held == nil { current.flush() }
    }

    /// While set, output is held back: a read command's output is only delivered once the file
    /// is known not to have changed under it (`ConsistentRead`).
    private var held: BufferedOutput?

    func hold() {
        held = BufferedOutput()
    }

    /// Ends holding: the held output goes where output goes now, or is dropped.
    func release(deliver: Bool) {
        guard let output = held else { return }
        held = nil
        if deliver { output.forEachPiece { current.write(bytes: $0) } }
    }

    /// Sends the standard output through `command` when a command's output is taller than
    /// `height()`; nil turns the pager off.
    func usePager(_ command: String?, height: @escaping () -> Int?, width: @escaping () -> Int?) {
        pager = command.map { PagingOutput(base: standard, command: $0, height: height, width: width) }
    }

    /// `output FILE`: everything from now on goes to `path` (created or truncated).
    func send(to path: String) throws(BrowserError) {
        let sink = try interchanging { () throws(InterchangeError) in try FileOutput(path: path) }
        file?.sink.flush()
        file = (sink, path)
    }

    /// `output` alone: back to the standard output.
    func sendToStandardOutput() {
        file?.sink.flush()
        file = nil
    }

    /// `once FILE`: the next command's output goes to `path`.
    func sendNextCommand(to path: String) throws(BrowserError) {
        armedOnce = (try interchanging { () throws(InterchangeError) in try FileOutput(path: path) }, path)
    }

    /// Called after every command: ends a `once`, arms one just requested, lets the pager finish.
    func commandFinished() {
        if let once {
            once.sink.flush()
            self.once = nil
        }
        if let armedOnce {
            once = armedOnce
            self.armedOnce = nil
        }
        pager?.commandFinished()
    }
}
