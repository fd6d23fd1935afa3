import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why a tmux client could not be started: `posix_spawn`'s error number.
enum TmuxClientError: Error, Equatable {
    case cannotStart(errno: Int32)
}

/// Starting tmux clients for the terminal suites (InteractiveTests, InteractivePagerTests), which
/// had each grown the same posix_spawn set-up. Not through Foundation's `Process`: the tmux server
/// that `new-session` forks would inherit the descriptors `Process` watches and keep the tests
/// waiting (or hold the pipes other tests read to the end), so clients are spawned with every
/// descriptor above 2 closed.
enum TmuxClient {
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    /// glibc 2.34+ has it, but Swift's Glibc module does not declare it, so it is looked up.
    static let addCloseFrom: AddCloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    /// Runs `argv` (the tmux executable first) with standard input from /dev/null, standard output
    /// into `outputPath` and standard error to /dev/null, and waits for it; returns the raw wait
    /// status. `environment` nil passes this process's own. Test runners block signals on their
    /// threads; tmux and the program under test get a clean mask and default handlers, as from a
    /// shell (else SIGHUP would not end them).
    static func spawn(_ argv: [String], environment: [String: String]?, output outputPath: String) throws(TmuxClientError) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        if let closeFrom = addCloseFrom { _ = closeFrom(&actions, 3) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { (cArguments + (cEnvironment ?? [])).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned: Int32
        if let cEnvironment {
            spawned = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        } else {
            spawned = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, environ)
        }
        guard spawned == 0 else { throw .cannotStart(errno: spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return status
    }
}
