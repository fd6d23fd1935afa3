#if canImport(Glibc)
import Glibc
#endif

/// The system calls that change a file, as every writer issues them: the one place a test's
/// `FaultPlan` can make one fail (with the plan's errno, the way the kernel reports it).
enum FileCalls {
    static func pwrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ offset: Int) -> Int {
        if let plan = FaultInjection.plan, plan.fails("pwrite", offset: offset) { return failed(plan) }
        return Glibc.pwrite(descriptor, bytes, count, off_t(offset))
    }

    static func ftruncate(_ descriptor: Int32, _ size: Int) -> Int32 {
        if let plan = FaultInjection.plan, plan.fails("ftruncate") { return Int32(failed(plan)) }
        return Glibc.ftruncate(descriptor, off_t(size))
    }

    static func fsync(_ descriptor: Int32) -> Int32 {
        if let plan = FaultInjection.plan, plan.fails("fsync") { return Int32(failed(plan)) }
        return Glibc.fsync(descriptor)
    }

    static func fdatasync(_ descriptor: Int32) -> Int32 {
        if let plan = FaultInjection.plan, plan.fails("fdatasync") { return Int32(failed(plan)) }
        return Glibc.fdatasync(descriptor)
    }

    /// `pwrite` until all of `bytes` is written (retrying after EINTR); on failure, the reason.
    static func writeFully(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) -> String? {
        guard let base = bytes.baseAddress else { return nil }
        var done = 0
        while done < bytes.count {
            let wrote = pwrite(descriptor, base + done, bytes.count - done, offset + done)
            if wrote < 0 {
                if errno == EINTR { continue }
                return errnoText()
            }
            if wrote == 0 { return "nothing was written" }
            done += wrote
        }
        return nil
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }

    private static func failed(_ plan: FaultPlan) -> Int {
        errno = plan.errorNumber
        return -1
    }
}
