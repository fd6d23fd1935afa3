import Synchronization

/// Test-only: fails the Nth write, truncation or sync that the writers issue (`FileCalls`), so
/// the tests can interrupt a commit at every system call. Real failures (a full disk, a dying
/// device) cannot be provoked at a chosen point, and a commit must survive each of them.
///
/// The plan is bound per task (`FaultInjection.$plan.withValue(plan) { ... }`), so tests that
/// run in parallel never fail each other's calls; in a normal run nothing is bound and a call
/// costs one task-local lookup beside the system call itself.
enum FaultInjection {
    @TaskLocal static var plan: FaultPlan?
}

/// Which call fails, and the calls made so far (their names, for a test's messages).
final class FaultPlan: Sendable {
    /// The 1-based number of the call that fails; nil only counts.
    let failingCall: Int?
    /// The errno the failing call sets (EIO: a device error; ENOSPC: a full disk).
    let errorNumber: Int32
    /// Whether every call after the failing one fails too, as on a disk that stays full.
    let keepsFailing: Bool
    private let made = Mutex<[String]>([])

    init(failingCall: Int? = nil, errorNumber: Int32 = 5, keepsFailing: Bool = false) {
        self.failingCall = failingCall
        self.errorNumber = errorNumber
        self.keepsFailing = keepsFailing
    }

    /// The calls made (or attempted) so far, in order: "pwrite", "ftruncate", "fsync", "fdatasync".
    var calls: [String] { made.withLock { $0 } }

    /// Counts a call and says whether it fails.
    func fails(_ call: String) -> Bool {
        let number = made.withLock { calls in
            calls.append(call)
            return calls.count
        }
        guard let failingCall else { return false }
        return keepsFailing ? number >= failingCall : number == failingCall
    }
}
