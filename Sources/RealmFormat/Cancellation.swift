import Synchronization

/// A request to stop a long read or write part-way, checked by the loops that may take long
/// (once per cluster leaf read, once per leaf written), so Ctrl-C can stop a command without
/// ending the process. This module knows nothing of signals: the caller owns a `Cancellation`,
/// decides what requests it (RealmShell: SIGINT) and makes it `current` for the work it runs.
///
/// `current` is task-local rather than global so that work running beside it (other tests in
/// the same process) is never stopped by someone else's request.
public final class Cancellation: Sendable {
    /// The cancellation the loops check; nil (the default) checks nothing.
    @TaskLocal public static var current: Cancellation?

    private let requested = Atomic<Bool>(false)
    /// Checks left before a request is made by the check itself (test hook; < 0: never).
    private let countdown: Atomic<Int>

    /// `requestAfterChecks` makes the check numbered N (counted from 1) act as if a request
    /// had come just before it: a deterministic stand-in for a signal arriving mid-command.
    public init(requested: Bool = false, requestAfterChecks: Int? = nil) {
        self.requested.store(requested, ordering: .relaxed)
        countdown = Atomic(requestAfterChecks.map { max(1, $0) } ?? -1)
    }

    /// Asks the work in progress to stop. Async-signal-safe: one lock-free store.
    public func request() { requested.store(true, ordering: .relaxed) }

    /// Forgets a request (before the next command).
    public func clear() { requested.store(false, ordering: .relaxed) }

    public var isRequested: Bool { requested.load(ordering: .relaxed) }

    /// Throws `.interrupted` if a request came.
    public func check() throws(RealmFormatError) {
        if countdown.load(ordering: .relaxed) > 0, countdown.subtract(1, ordering: .relaxed).newValue == 0 {
            request()
        }
        if requested.load(ordering: .relaxed) { throw .interrupted }
    }

    /// Checks the current cancellation, if any.
    @inline(__always)
    public static func check() throws(RealmFormatError) {
        if let current { try current.check() }
    }

    /// Runs `body` with no cancellation: work that must not stop half-way (a commit in place,
    /// whose writes only make sense whole) runs through here.
    public static func shielded<T>(_ body: () throws(RealmFormatError) -> T) throws(RealmFormatError) -> T {
        let result: Result<T, RealmFormatError> = $current.withValue(nil) {
            do throws(RealmFormatError) { return .success(try body()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Runs `body` with `cancellation` current.
    public static func running<T, E: Error>(with cancellation: Cancellation?, _ body: () throws(E) -> T) throws(E) -> T {
        let result: Result<T, E> = $current.withValue(cancellation) {
            do throws(E) { return .success(try body()) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
