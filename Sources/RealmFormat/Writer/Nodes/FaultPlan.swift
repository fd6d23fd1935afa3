import Synchronization

/// Which call fails, and the calls made so far (for a test's messages and counts).
final class FaultPlan: Sendable {
    /// One system call: "pwrite", "ftruncate", "fsync" or "fdatasync", and where a write went.
    struct Call: Equatable, Sendable, CustomStringConvertible {
        let name: String
        let offset: Int?

        var description: String { offset.map { "\(name)@\($0)" } ?? name }
    }

    /// The errno the failing call sets (EIO: a device error; ENOSPC: a full disk).
    let errorNumber: Int32
    /// Whether every call after the failing one fails too, as on a disk that stays broken.
    let keepsFailing: Bool
    /// Whether the newest of these calls (the one being made) is the one to fail.
    private let trigger: @Sendable ([Call]) -> Bool
    private let state = Mutex<(calls: [Call], failedAt: Int?)>(([], nil))

    init(errorNumber: Int32 = 5, keepsFailing: Bool = false, failingWhen trigger: @escaping @Sendable ([Call]) -> Bool) {
        self.errorNumber = errorNumber
        self.keepsFailing = keepsFailing
        self.trigger = trigger
    }

    /// Fails the call with this 1-based number; nil only counts.
    convenience init(failingCall number: Int? = nil, errorNumber: Int32 = 5, keepsFailing: Bool = false) {
        self.init(errorNumber: errorNumber, keepsFailing: keepsFailing) { calls in calls.count == number }
    }

    /// The calls made (or attempted) so far, in order.
    var calls: [Call] { state.withLock { $0.calls } }

    /// Counts a call and says whether it fails.
    func fails(_ name: String, offset: Int? = nil) -> Bool {
        state.withLock { state in
            state.calls.append(Call(name: name, offset: offset))
            if let failedAt = state.failedAt { return keepsFailing && state.calls.count > failedAt }
            guard trigger(state.calls) else { return false }
            state.failedAt = state.calls.count
            return true
        }
    }
}
