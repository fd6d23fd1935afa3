#if canImport(Glibc)
import Glibc
#endif

/// Gives registrations back when the process is ended by SIGINT, SIGTERM or SIGHUP.
///
/// A registration left behind pins its version until the app's session ends: the app keeps
/// that version's space and its file grows (§10.1, "Crashes"). `leave()` and `deinit` cover
/// normal exits and thrown errors; for Ctrl-C and `kill`, a handler decrements the same
/// counters and then lets the signal end the process as it would have. The handler may not
/// allocate or take Swift locks, so what it needs is kept here as raw addresses into the
/// mappings (which stay mapped while a slot is active), in fixed slots. Every change to the
/// counters and to these slots runs with the signals blocked (`deferringSignals`), so the
/// handler never finds a mutex held by its own thread or a half-updated slot. SIGKILL cannot be
/// caught: what it leaves behind is what a crashed Realm reader leaves.
enum TerminationRelease {
    /// One counter we incremented: where it is, which mutex guards it and, for a version
    /// entry, where the entry's version is and which version it must still hold.
    struct Slot {
        var active = false
        var mutex: UnsafeMutableRawPointer?
        var counter: UnsafeMutableRawPointer?
        var versionAddress: UnsafeMutableRawPointer?
        var version: UInt64 = 0
        /// The process that incremented it: a forked child inherits the slots, not the counts.
        var owner: pid_t = 0
    }

    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    static let capacity = 32
    /// Allocated once, before any handler can run; never freed.
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<Slot> = {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
        slots.initialize(repeating: Slot(), count: capacity)
        return slots
    }()
    nonisolated(unsafe) static let previous: UnsafeMutablePointer<sigaction> = {
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 3)
        previous.initialize(repeating: sigaction(), count: 3)
        return previous
    }()
    /// The process whose handlers are installed (0: none); a forked child installs its own.
    nonisolated(unsafe) static var installedBy: pid_t = 0
    /// Serialises `add` and `remove` between threads (never taken by the handler).
    nonisolated(unsafe) static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    /// Runs `body` with the termination signals blocked on this thread; one that arrives
    /// meanwhile is handled right after, with the counters and slots consistent.
    static func deferringSignals<T>(_ body: () throws(LockFileError) -> T) throws(LockFileError) -> T {
        var blocked = sigset_t()
        var old = sigset_t()
        sigemptyset(&blocked)
        for signal in signals { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &old)
        defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
        return try body()
    }

    /// Records a counter (call with signals deferred); returns its slot, or nil when all slots
    /// are taken (that registration is then only released by `leave`).
    static func add(mutex: UnsafeMutableRawPointer, counter: UnsafeMutableRawPointer,
                    versionAddress: UnsafeMutableRawPointer? = nil, version: UInt64 = 0) -> Int? {
        _ = previous
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        let me = getpid()
        guard let index = (0..<capacity).first(where: { !slots[$0].active || slots[$0].owner != me }) else { return nil }
        slots[index] = Slot(active: true, mutex: mutex, counter: counter, versionAddress: versionAddress, version: version, owner: me)
        if installedBy != me {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in TerminationRelease.handle(signal) }
            sigemptyset(&action.sa_mask)
            for (position, signal) in signals.enumerated() { sigaction(signal, &action, previous + position) }
            installedBy = me
        }
        return index
    }

    /// Forgets a counter (call with signals deferred); restores the earlier handlers when no
    /// counter is left.
    static func remove(_ index: Int?) {
        guard let index, index >= 0, index < capacity else { return }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        let me = getpid()
        guard slots[index].owner == me else { return }
        slots[index] = Slot()
        guard installedBy == me, !(0..<capacity).contains(where: { slots[$0].active && slots[$0].owner == me }) else { return }
        for (position, signal) in signals.enumerated() { sigaction(signal, previous + position, nil) }
        installedBy = 0
    }

    /// The handler. When the signal would have ended the process (its earlier disposition is
    /// the default), version entries are released first, then participants (the order of
    /// `leave`), and the signal is raised again with that disposition. An ignored signal stays
    /// ignored and an earlier handler is called instead: the process goes on, so its
    /// registrations must stay for `leave` to release.
    private static func handle(_ signal: Int32) {
        guard let position = signals.firstIndex(of: signal) else { return }
        let earlier = previous[position]
        if earlier.sa_flags & SA_SIGINFO == 0 {
            let handler = earlier.__sigaction_handler.sa_handler
            let address = unsafeBitCast(handler, to: Int.self)
            if address == unsafeBitCast(SIG_IGN, to: Int.self) { return }
            if address != unsafeBitCast(SIG_DFL, to: Int.self), let handler {
                handler(signal)
                return
            }
        } else if let handler = earlier.__sigaction_handler.sa_sigaction {
            handler(signal, nil, nil)
            return
        }
        for pass in 0..<2 {
            for index in 0..<capacity where slots[index].active && slots[index].owner == getpid()
                && (slots[index].versionAddress != nil) == (pass == 0) {
                let slot = slots[index]
                guard let mutex = slot.mutex?.assumingMemoryBound(to: pthread_mutex_t.self), let counter = slot.counter else { continue }
                let locked = pthread_mutex_lock(mutex)
                guard locked == 0 || (locked == EOWNERDEAD && pthread_mutex_consistent(mutex) == 0) else { continue }
                let stillOurs = slot.versionAddress.map { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) == slot.version } ?? true
                let count = UInt32(littleEndian: counter.loadUnaligned(as: UInt32.self))
                if stillOurs && count > 0 { counter.storeBytes(of: (count - 1).littleEndian, as: UInt32.self) }
                pthread_mutex_unlock(mutex)
                slots[index].active = false
            }
        }
        sigaction(signal, previous + position, nil)
        installedBy = 0
        raise(signal)
    }
}
