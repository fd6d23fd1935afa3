import Foundation

/// Runs work on a dedicated thread and gives up waiting after a deadline.
///
/// A corrupt file must never make the reader loop forever (a cycle in a tree, a huge bogus
/// count). A hang cannot be interrupted in-process, so the test abandons the thread, reports
/// the case and stops feeding that fixture more cases; a trap, by contrast, ends the whole
/// test process, which is why every read is in-process and every case is deterministic.
enum TimeBound {
    /// Hands the result from the worker thread to the waiting one; the semaphore orders the accesses.
    private final class Box<T>: @unchecked Sendable {
        var value: T?
    }

    /// The result of `work`, or nil if it did not finish within `seconds`.
    static func run<T>(seconds: Double, _ work: @escaping @Sendable () -> T) -> T? {
        let box = Box<T>()
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = work()
            finished.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        guard finished.wait(timeout: .now() + seconds) == .success else { return nil }
        return box.value
    }
}
