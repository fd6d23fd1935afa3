/// "Run it again while another process's commit overtook it": a read of a file a Realm app
/// may be committing to is sound only if the file kept one version while it ran, and is simply
/// run again when the version moved, a bounded number of times. Opening a file
/// (`OpeningBesideAWriter`) and running a read command (`ConsistentRead`) both read this way.
enum VersionRetry {
    /// What one run found.
    enum Outcome<Value> {
        /// The file kept its version: this is the answer.
        case done(Value)
        /// Another process committed meanwhile: run again.
        case overtaken
    }

    /// Runs `attempt` until it is `.done`, at most `attempts` times; when every run was
    /// overtaken, throws what `exhausted` says.
    static func run<Value, Failure: Error>(attempts: Int, _ attempt: () throws(Failure) -> Outcome<Value>,
                                           exhausted: () -> Failure) throws(Failure) -> Value {
        for _ in 0..<attempts {
            if case let .done(value) = try attempt() { return value }
        }
        throw exhausted()
    }
}
