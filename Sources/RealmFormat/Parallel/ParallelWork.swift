#if canImport(Glibc)
import Glibc
#endif

/// Runs the parts of one job (a scan split by `ClusterTree.split`) on threads of their own,
/// the calling thread taking part 0, and returns when all are done.
///
/// Realm's query engine uses one core; most machines have more, and a scan of a large table
/// reads leaves that have nothing to do with each other. Each part gets its own scratch (the
/// caller's body makes it), the same `Cancellation` as the caller (so Ctrl-C, checked once per
/// leaf, stops every part), and the results are put together by the caller in part order,
/// which is key order: the same answer as one thread gives, every time.
///
/// Parts are only made for large tables (`parts(objects:)`): starting a thread costs tens of
/// microseconds, which a scan of a few thousand objects does not repay.
public enum ParallelWork {
    /// Forces the number of parts for the work run inside it, whatever the table's size (1:
    /// no threads). The agreement tests run the threaded paths on small fixtures this way.
    @TaskLocal public static var forcedParts: Int?

    /// Objects a part should have at least when the caller does not say (see `parts`).
    public static let minimumObjectsPerPart = 32_768

    /// The threads a job may use: `REALM_BROWSER_THREADS=N` (`0` or `all`: the processors
    /// online; `1`: no threads), else the processors online. Whether a job is split at all is
    /// the caller's estimate of its work (`parts(objects:minimumObjectsPerPart:)`): measured on
    /// an idle two-core machine (BENCHMARKS.md, "Threads again" and "Threads by cost"), a
    /// second thread pays on scans that do real work per object (link, backlink, list and
    /// string scans 1.5x-2.5x) and loses on cheap ones over a few hundred thousand objects
    /// (0.7x-0.9x, TRUEPREDICATE 0.2x-0.3x: starting and joining a thread and merging keys
    /// cost more than half a scan saves).
    public static let availableThreads: Int = {
        let online = max(1, min(64, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
        guard let text = getenv("REALM_BROWSER_THREADS").map({ String(cString: $0) }) else { return online }
        if text == "all" || text == "0" { return online }
        guard let value = Int(text), value >= 1 else { return online }
        return min(value, 64)
    }()

    /// How many parts a job over `objects` objects is worth splitting into: one per
    /// `minimumObjectsPerPart` objects, at most `availableThreads`. The caller sets the
    /// minimum from what one object costs it, so that each thread has enough work to repay
    /// its start (tens of microseconds) and the merge of its results.
    public static func parts(objects: Int, minimumObjectsPerPart: Int = minimumObjectsPerPart) -> Int {
        if let forcedParts { return max(1, forcedParts) }
        return max(1, min(availableThreads, objects / max(1, minimumObjectsPerPart)))
    }

    /// Calls `body(part)` for each part in `0..<parts` at the same time, part 0 on this
    /// thread. Throws the error of the first part (in part order) that failed, after every
    /// part has ended.
    public static func run<Failure: Error>(parts: Int, _ body: (Int) throws(Failure) -> Void) throws(Failure) {
        guard parts > 1 else {
            if parts == 1 { try body(0) }
            return
        }
        let cancellation = Cancellation.current
        let failures = PartFailures<Failure>(parts)
        try withoutActuallyEscaping(body) { body throws(Failure) in
            // The body is only called while this function waits for the threads to end.
            nonisolated(unsafe) let work = body
            var threads: [pthread_t] = []
            for part in 1..<parts {
                let task = PartTask {
                    Cancellation.running(with: cancellation) {
                        do throws(Failure) { try work(part) } catch { failures.record(error, part: part) }
                    }
                }
                var thread = pthread_t()
                let context = Unmanaged.passRetained(task).toOpaque()
                if pthread_create(&thread, nil, { context in
                    Unmanaged<PartTask>.fromOpaque(context!).takeRetainedValue().run()
                    return nil
                }, context) == 0 {
                    threads.append(thread)
                } else {
                    // No thread to be had: this part runs here, after the others started.
                    Unmanaged<PartTask>.fromOpaque(context).takeRetainedValue().run()
                }
            }
            do throws(Failure) { try work(0) } catch { failures.record(error, part: 0) }
            for thread in threads { pthread_join(thread, nil) }
            if let error = failures.first { throw error }
        }
    }
}

/// One part's work, handed to its thread.
private final class PartTask: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// The errors of the parts, each written by its own thread into its own slot; read after
/// every thread was joined.
private final class PartFailures<Failure: Error>: @unchecked Sendable {
    private var errors: [Failure?]

    init(_ parts: Int) { errors = Array(repeating: nil, count: parts) }

    func record(_ error: Failure, part: Int) {
        errors.withUnsafeMutableBufferPointer { $0[part] = error }
    }

    var first: Failure? { errors.lazy.compactMap { $0 }.first }
}
