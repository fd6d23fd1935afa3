import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#endif
import RealmFormat
import RealmShell
import Synchronization

/// The HTTP server under `serve`: GNU libmicrohttpd parses requests and writes responses (we
/// write no HTTP parser), one internal polling thread answers connections, and every request
/// goes to `respond` under a lock, since the session behind it is not thread-safe.
///
/// `respond` runs with `cancellation` current, so the loops a request runs (once per leaf)
/// stop when `beginStopping` requests it: a long query does not hold a stopping server.
///
/// Everything a request does runs under the lock, `/api/edit`'s `begin` too, whose wait for
/// the file's write lock (`FileEditor` tries 100 times, 10 ms apart, while another process
/// holds it; the retry checks no cancellation, so a signal waits for it too) then holds up
/// every other request. Taking the write lock outside the server's lock would need `begin`
/// split in two (take the lock, then install the transaction under the server's lock), which
/// is FileEditor's and ServeEditAPI's to change, and a rule for two edits racing to begin; for
/// a wait of at most a second, on a server one person uses, it is left as it is.
final class HTTPServer: @unchecked Sendable {
    /// Bodies beyond this are refused with 413 (before they are read, when Content-Length says so).
    static let bodyLimit = 64 * 1024
    /// What one connection may buffer in MHD: the request line and headers must fit.
    static let connectionMemoryLimit = 64 * 1024

    /// Why a request still answered once the server stops is refused.
    static let stoppingMessage = "interrupted: the server is stopping"

    private let respond: (HTTPRequest) -> HTTPResponse
    /// What the request in progress checks; requested by `beginStopping`.
    private let cancellation: Cancellation
    /// Set by `beginStopping`: every answer from then on is 503.
    private let stopping = Atomic<Bool>(false)
    /// Answers handed to MHD and not yet reported sent (or aborted) by `completed`.
    private let unsent = Atomic<Int>(0)
    /// Test hook (`REALM_BROWSER_SERVE_HOLD`): called with each request before it is answered,
    /// which then waits until the server is stopping, so a test can stop the server during a
    /// request without racing it.
    var holdsRequests: ((HTTPRequest) -> Void)?
    /// Answers a request from its headers alone, before any body is read (limits, the token,
    /// read-only mode); nil lets the body come.
    private let screen: (HTTPRequest) -> HTTPResponse?
    private var daemon: OpaquePointer?
    /// libmicrohttpd's functions (`MicroHTTPD`), found when the server starts.
    private var library: UnsafePointer<rb_mhd_library>?
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private(set) var port: UInt16 = 0

    init(cancellation: Cancellation, screen: @escaping (HTTPRequest) -> HTTPResponse?,
         respond: @escaping (HTTPRequest) -> HTTPResponse) {
        self.cancellation = cancellation
        self.screen = screen
        self.respond = respond
        pthread_mutex_init(lock, nil)
    }

    deinit {
        stop()
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Listens on `address` and `port` (0: any free port, then `port` says which).
    func start(address: ListenAddress, port: UInt16) throws(BrowserError) {
        let library = try MicroHTTPD.load()
        self.library = library
        let context = Unmanaged.passUnretained(self).toOpaque()
        func start(_ socketAddress: UnsafePointer<sockaddr>, ipv6: Bool) -> OpaquePointer? {
            rb_mhd_start(library, socketAddress, ipv6 ? 1 : 0, HTTPServer.access, HTTPServer.completed, context,
                         HTTPServer.connectionMemoryLimit, 64, 60)
        }
        switch address.family {
        case .ipv4:
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &socketAddress.sin_addr) { $0.copyBytes(from: address.bytes) }
            daemon = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { start($0, ipv6: false) }
            }
        case .ipv6:
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &socketAddress.sin6_addr) { $0.copyBytes(from: address.bytes) }
            daemon = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { start($0, ipv6: true) }
            }
        }
        guard let daemon else {
            throw .notNow("serve: cannot listen on \(address.urlHost):\(port) (is the port in use, or the address not this machine's?)")
        }
        self.port = rb_mhd_bound_port(library, daemon)
    }

    /// Makes the request in progress stop at its next check (its answer is then 503) and
    /// refuses the requests that come before `stop`.
    func beginStopping() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        cancellation.request()
    }

    var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

    /// After `beginStopping`: waits for the request in progress to end and for the answers
    /// given so far to be sent, so that its client learns why it ended (`stop` closes the
    /// connections without sending what is queued). The answers are small and the system takes
    /// them at once; `limit` only bounds a client that stopped reading.
    func awaitAnswers(limit: Duration = .seconds(10)) {
        locked {}
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while unsent.load(ordering: .sequentiallyConsistent) > 0 && clock.now < deadline { usleep(1000) }
    }

    /// Stops listening; returns once the request being answered (if any) is done.
    func stop() {
        if let daemon, let library { rb_mhd_stop(library, daemon) }
        daemon = nil
    }

    /// Runs `body` as requests run: one at a time.
    func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }

    /// What MHD keeps per request between calls of `access`: the request read so far.
    private final class Pending {
        var request: HTTPRequest
        var bodyTooLarge = false
        /// Whether its answer is counted in `unsent` (until MHD reports the request completed).
        var counted = false
        init(_ request: HTTPRequest) { self.request = request }
    }

    /// MHD's access handler: called once with the headers, then once per piece of body, then
    /// once more to answer.
    private static let access: MHD_AccessHandlerCallback = { context, connection, url, method, _, uploadData, uploadSize, state in
        guard let context, let connection, let state else { return .NO }
        let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
        // Set before MHD started, so before any request.
        guard let library = server.library else { return .NO }
        if let stored = state.pointee {
            let pending = Unmanaged<Pending>.fromOpaque(stored).takeUnretainedValue()
            if let uploadSize, uploadSize.pointee > 0 {
                if let uploadData, !pending.bodyTooLarge {
                    if pending.request.body.count + uploadSize.pointee > bodyLimit {
                        pending.bodyTooLarge = true
                    } else {
                        pending.request.body.append(contentsOf: UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee))
                    }
                }
                uploadSize.pointee = 0
                return .YES
            }
            // Counted under the lock, so `awaitAnswers` (after taking the lock) sees it.
            let response = server.locked {
                pending.counted = true
                server.unsent.add(1, ordering: .sequentiallyConsistent)
                return pending.bodyTooLarge
                    ? HTTPResponse.error(413, "the request body is larger than \(bodyLimit) bytes")
                    : server.answer(pending.request)
            }
            return queue(response, on: connection, library: library)
        }
        let request = read(connection, library: library, method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "/")
        if let answer = server.locked({ server.screen(request) }) {
            return queue(answer, on: connection, library: library)
        }
        // Wait for the body (POST, PUT): MHD calls again with it, then once more to answer.
        state.pointee = Unmanaged.passRetained(Pending(request)).toOpaque()
        return .YES
    }

    /// A screened request's answer: refused once the server is stopping; an error answer that
    /// came after (the work was interrupted) says that the server is stopping.
    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        let stopped = HTTPResponse.error(503, Self.stoppingMessage)
        if isStopping { return stopped }
        if let holdsRequests {
            holdsRequests(request)
            while !isStopping { usleep(1000) }
        }
        let start = Self.monotonicNanoseconds()
        var response = Cancellation.running(with: cancellation) { respond(request) }
        // How long the answer took here, without the network or the client (the browser's
        // developer tools and scripts/bench_serve.sh read it).
        let milliseconds = Double(Self.monotonicNanoseconds() - start) / 1_000_000
        response.headers.append((name: "Server-Timing", value: "app;dur=\((milliseconds * 1000).rounded() / 1000)"))
        return isStopping && response.status >= 400 ? stopped : response
    }

    private static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    private static let completed: MHD_RequestCompletedCallback = { context, _, state, _ in
        guard let state, let stored = state.pointee else { return }
        let pending = Unmanaged<Pending>.fromOpaque(stored).takeRetainedValue()
        if pending.counted, let context {
            Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().unsent.subtract(1, ordering: .sequentiallyConsistent)
        }
        state.pointee = nil
    }

    private static func read(_ connection: OpaquePointer, library: UnsafePointer<rb_mhd_library>, method: String, path: String) -> HTTPRequest {
        var request = HTTPRequest(method: method, path: path)
        request.arguments = values(of: connection, library: library, kind: .GET_ARGUMENT_KIND, lowercased: false)
        request.headers = values(of: connection, library: library, kind: .HEADER_KIND, lowercased: true)
        request.cookies = values(of: connection, library: library, kind: .COOKIE_KIND, lowercased: false)
        return request
    }

    private final class Collected {
        var values: [String: String] = [:]
        let lowercased: Bool
        init(lowercased: Bool) { self.lowercased = lowercased }
    }

    /// The request's values of one kind (query arguments, headers, cookies); of a name given
    /// twice the first counts.
    private static func values(of connection: OpaquePointer, library: UnsafePointer<rb_mhd_library>, kind: MHD_ValueKind,
                               lowercased: Bool) -> [String: String] {
        let collected = Collected(lowercased: lowercased)
        let context = Unmanaged.passUnretained(collected).toOpaque()
        _ = rb_mhd_values(library, connection, kind, { context, _, key, value in
            guard let context, let key else { return .YES }
            let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
            var name = String(cString: key)
            if collected.lowercased { name = name.lowercased() }
            if collected.values[name] == nil { collected.values[name] = value.map { String(cString: $0) } ?? "" }
            return .YES
        }, context)
        return withExtendedLifetime(collected) { collected.values }
    }

    private static func queue(_ answer: HTTPResponse, on connection: OpaquePointer, library: UnsafePointer<rb_mhd_library>) -> MHD_Result {
        let response: OpaquePointer?
        if let file = answer.file {
            // MHD owns the descriptor from here (it closes it when the response is done);
            // if it refuses the file, closing it is ours.
            response = rb_mhd_file_response(library, Int(clamping: file.size), file.descriptor)
            if response == nil { file.discard() }
        } else {
            var body = answer.body
            response = body.withUnsafeMutableBytes { bytes in
                rb_mhd_response(library, bytes.count, bytes.baseAddress)
            }
        }
        guard let response else { return .NO }
        defer { rb_mhd_destroy(library, response) }
        _ = rb_mhd_header(library, response, "Content-Type", answer.contentType)
        // Nothing here may be framed, sniffed or kept by caches: it is the content of a file.
        _ = rb_mhd_header(library, response, "X-Content-Type-Options", "nosniff")
        _ = rb_mhd_header(library, response, "X-Frame-Options", "DENY")
        _ = rb_mhd_header(library, response, "Cache-Control", "no-store")
        _ = rb_mhd_header(library, response, "Referrer-Policy", "no-referrer")
        // The page's script and style are inline and it talks only to this server: nothing
        // else may load or run, should a value ever reach the page as markup.
        _ = rb_mhd_header(library, response, "Content-Security-Policy",
                          "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; "
                          + "img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
        for header in answer.headers { _ = rb_mhd_header(library, response, header.name, header.value) }
        return rb_mhd_queue(library, connection, UInt32(answer.status), response)
    }
}
