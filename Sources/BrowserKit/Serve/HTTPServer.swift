import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#endif

/// The HTTP server under `serve`: GNU libmicrohttpd parses requests and writes responses (we
/// write no HTTP parser), one internal polling thread answers connections, and every request
/// goes to `respond` under a lock, since the session behind it is not thread-safe.
final class HTTPServer: @unchecked Sendable {
    /// Bodies beyond this are refused with 413 (before they are read, when Content-Length says so).
    static let bodyLimit = 64 * 1024
    /// What one connection may buffer in MHD: the request line and headers must fit.
    static let connectionMemoryLimit = 64 * 1024

    private let respond: (HTTPRequest) -> HTTPResponse
    /// Answers a request from its headers alone, before any body is read (limits, the token,
    /// read-only mode); nil lets the body come.
    private let screen: (HTTPRequest) -> HTTPResponse?
    private var daemon: OpaquePointer?
    /// libmicrohttpd's functions (`MicroHTTPD`), found when the server starts.
    private var library: UnsafePointer<rb_mhd_library>?
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private(set) var port: UInt16 = 0

    init(screen: @escaping (HTTPRequest) -> HTTPResponse?, respond: @escaping (HTTPRequest) -> HTTPResponse) {
        self.screen = screen
        self.respond = respond
        pthread_mutex_init(lock, nil)
    }

    deinit {
        stop()
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Listens on `host` (an IPv4 address) and `port` (0: any free port, then `port` says which).
    func start(host: String, port: UInt16) throws(BrowserError) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw .usage("serve: --host takes an IPv4 address such as 127.0.0.1 or 0.0.0.0, not '\(host)'")
        }
        let library = try MicroHTTPD.load()
        self.library = library
        let context = Unmanaged.passUnretained(self).toOpaque()
        daemon = withUnsafePointer(to: &address) { pointer in
            rb_mhd_start(library, pointer, HTTPServer.access, HTTPServer.completed, context,
                         HTTPServer.connectionMemoryLimit, 64, 60)
        }
        guard let daemon else {
            throw .notNow("serve: cannot listen on \(host):\(port) (is the port in use?)")
        }
        self.port = rb_mhd_bound_port(library, daemon)
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
            let response = pending.bodyTooLarge
                ? HTTPResponse.error(413, "the request body is larger than \(bodyLimit) bytes")
                : server.locked { server.respond(pending.request) }
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

    private static let completed: MHD_RequestCompletedCallback = { _, _, state, _ in
        guard let state, let stored = state.pointee else { return }
        Unmanaged<Pending>.fromOpaque(stored).release()
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
        var body = answer.body
        let response = body.withUnsafeMutableBytes { bytes in
            rb_mhd_response(library, bytes.count, bytes.baseAddress)
        }
        guard let response else { return .NO }
        defer { rb_mhd_destroy(library, response) }
        _ = rb_mhd_header(library, response, "Content-Type", answer.contentType)
        // Nothing here may be framed, sniffed or kept by caches: it is the content of a file.
        _ = rb_mhd_header(library, response, "X-Content-Type-Options", "nosniff")
        _ = rb_mhd_header(library, response, "X-Frame-Options", "DENY")
        _ = rb_mhd_header(library, response, "Cache-Control", "no-store")
        _ = rb_mhd_header(library, response, "Referrer-Policy", "no-referrer")
        for header in answer.headers { _ = rb_mhd_header(library, response, header.name, header.value) }
        return rb_mhd_queue(library, connection, UInt32(answer.status), response)
    }
}
