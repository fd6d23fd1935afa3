import Synchronization

/// Test-only: fails a write, truncation or sync that the writers issue (`FileCalls`), so the
/// tests can interrupt a commit at every system call. Real failures (a full disk, a dying
/// device) cannot be provoked at a chosen point, and a commit must survive each of them.
///
/// The plan is bound per task (`FaultInjection.$plan.withValue(plan) { ... }`), so tests that
/// run in parallel never fail each other's calls; in a normal run nothing is bound and a call
/// costs one task-local lookup beside the system call itself.
enum FaultInjection {
    @TaskLocal static var plan: FaultPlan?
}
