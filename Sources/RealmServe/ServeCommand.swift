#if canImport(Glibc)
import Glibc
#endif
import RealmFormat
import RealmInterchange
import RealmShell

/// `realm-browser serve FILE`: the browser as a local web page. Prints the URL (with the
/// token) on standard output and answers requests until SIGINT, SIGTERM or SIGHUP, then exits 0.
/// The file is opened read-only as the REPL opens it, through the same session. `serve A B`
/// or `serve DIR` serves several files, each in a session of its own under `/files/N/`
/// (`ServedFile`); the page switches between them.
///
/// The signal stops the request in progress as Ctrl-C stops a REPL command (the same
/// `CommandInterrupts.cancellation`, checked once per leaf): it answers 503 and the server
/// stops at once rather than after a long query. Edits staged with `--write` and not committed
/// are rolled back (the file's write lock released) and listed on standard error; the exit
/// status is still 0, since stopping the server is how it is meant to end.
public enum ServeCommand {
    public static func commandLine(_ arguments: [String], session: Session, output: OutputSink, errors: OutputSink) -> ExitStatus {
        let options: ServeOptions
        do {
            options = try ServeOptions.parse(arguments)
        } catch {
            errors.line("realm-browser: \(error)")
            errors.flush()
            return .usage
        }
        // Blocked before MHD starts its thread, which inherits the mask: the signals then only
        // reach `sigwait` below, never a thread in the middle of a request.
        var signals = sigset_t()
        sigemptyset(&signals)
        for stop in [SIGINT, SIGTERM, SIGHUP] {
            // A shell starts background jobs with SIGINT ignored, and an ignored signal is
            // dropped before `sigwait` sees it: these signals are how serve is stopped. But a
            // SIGHUP ignored on purpose (`nohup realm-browser serve ...`) stays ignored: the
            // server is meant to outlive the terminal.
            let before = signal(stop, SIG_IGN)
            if stop == SIGHUP, unsafeBitCast(before, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            signal(stop, SIG_DFL)
            sigaddset(&signals, stop)
        }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        // What the signal requests; the edits' `begin`/`set` (run by `Session.execute`) check it too.
        session.cancellation = CommandInterrupts.cancellation
        let server: HTTPServer
        let files: [ServedFile]
        do {
            // `serve FILE`: the REPL's session, as ever. Several files or a directory: a session
            // each, opened now (a directory's `.realm` files as they are now).
            let several = options.paths.count > 1 || options.paths.contains(where: ServedFile.isDirectory)
            if several {
                files = ServedFile.open(try ServedFile.expand(options.paths), keys: options.keys, writable: options.writable,
                                        environment: session.environment)
                for file in files {
                    let note = file.problem.map { " (not served: \($0))" }
                        ?? (options.writable && !file.writable ? " (read-only: its format cannot be written)" : "")
                    errors.line("realm-browser: serve: /files/\(file.index)/ \(file.path)\(note)")
                }
                errors.flush()
            } else {
                try options.keys.open(options.paths[0], in: session)
                // A file of formats 5-11 is served read-only: it must never be written.
                if options.writable, let source = session.file?.source { throw BrowserError.file(.refusedEdit(source.editRefusal)) }
                files = [ServedFile(api: ServeAPI(session: session), writable: options.writable)]
            }
            let token = AccessToken.random()
            // The router needs the port the server got, known once it listens.
            let box = RouterBox()
            server = HTTPServer(cancellation: CommandInterrupts.cancellation,
                                screen: { request in
                                    guard let router = box.router else { return .error(503, "starting") }
                                    return router.screen(request)
                                },
                                respond: { box.router?.respond($0) ?? .error(503, "starting") })
            // Debug builds only (the tests'): a release build never holds a request.
            #if DEBUG
            if getenv("REALM_BROWSER_SERVE_HOLD") != nil {
                // A sink of its own: `output` belongs to this thread, which may still be
                // clearing its buffer after writing the URL when the first request comes.
                server.holdsRequests = { request in
                    let announce = StandardOutput()
                    announce.line("holding \(request.method) \(request.path)")
                    announce.flush()
                }
            }
            #endif
            try server.start(address: options.host, port: options.port)
            let router = Router(token: token, port: server.port, files: files, several: several, address: options.host)
            server.locked { box.router = router }
            if !options.host.isLoopback {
                errors.line("realm-browser: warning: listening on \(options.host.text), not only on this machine's loopback: "
                            + "anyone who can reach it and learns the URL can read \(options.writable ? "and change " : "")the file"
                            + (options.host.isWildcard ? " (on every address any Host name is accepted: the token is the only guard)" : ""))
                errors.flush()
            }
            output.line("http://\(options.host.urlHost):\(server.port)/?token=\(token.hex)")
            output.flush()
        } catch {
            errors.line("realm-browser: \(error)")
            errors.flush()
            return .failure
        }
        var received: Int32 = 0
        sigwait(&signals, &received)
        server.beginStopping()
        server.awaitAnswers()
        server.stop()
        for file in files {
            if let api = file.api { dropStagedChanges(api.session, errors: errors) }
        }
        return .success
    }

    /// Rolls back a transaction `/api/edit` opened and no `/api/commit` closed, which releases
    /// the file's write lock, and lists what it held: those changes are lost, and saying nothing
    /// would let them seem written.
    static func dropStagedChanges(_ session: Session, errors: OutputSink) {
        guard session.hasOpenTransaction else { return }
        let changes = session.pendingChanges
        if !changes.isEmpty {
            errors.line("realm-browser: serve: \(changes.count) staged change(s) not committed were dropped:")
            for change in changes { errors.line("  \(change)") }
            errors.flush()
        }
        // The stop request must not stop the rollback; its confirmation is not for the output.
        session.cancellation = Cancellation()
        let notices = session.notices
        session.notices = nil
        defer { session.notices = notices }
        let (_, error) = session.capture { () throws(BrowserError) in try session.execute("rollback") }
        if let error {
            errors.line("realm-browser: serve: the rollback failed: \(error)")
            errors.flush()
        }
    }

    /// Lets the server's closures reach the router made after the server started listening.
    private final class RouterBox: @unchecked Sendable {
        var router: Router?
    }
}
