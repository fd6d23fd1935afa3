/// Decides every request of `serve`: the limits and the token first (from the headers alone,
/// before any body is read), then one of a fixed set of paths. Nothing is looked up on disk
/// by a request's path, so no path can reach a file.
struct Router {
    /// Request targets (path and query) beyond this are refused with 414.
    static let targetLimit = 8192
    /// The header write requests must carry with the token: a form posted from another site
    /// cannot set it, and the token it must hold is not known there.
    static let writeHeader = "x-realm-browser-token"

    let token: AccessToken
    let port: UInt16
    let writable: Bool
    let api: ServeAPI
    /// The address listened on, which the `Host` header must name (`ListenAddress.accepts`).
    var address = ListenAddress.loopback
    /// The write endpoints: only with `--write`.
    var edits: ServeEditAPI? { writable ? ServeEditAPI(session: api.session) : nil }

    /// Answers what can be answered before the body: another host named (DNS rebinding), too
    /// large, no token, or a write refused.
    func screen(_ request: HTTPRequest) -> HTTPResponse? {
        // First: a page of another site that got its name to resolve here must learn nothing,
        // not even which of the later checks it fails.
        guard address.accepts(hostHeader: request.headers["host"], port: port) else {
            let named = request.headers["host"].map { "'\($0)'" } ?? "no Host header"
            return .error(403, "\(named) is not this server's address: open the URL 'realm-browser serve' printed "
                          + "(http://\(address.urlHost):\(port)/…); other names are refused against DNS rebinding")
        }
        if request.targetLength > Self.targetLimit {
            return .error(414, "the request target is longer than \(Self.targetLimit) bytes")
        }
        if let length = request.headers["content-length"].flatMap({ Int($0) }), length > HTTPServer.bodyLimit {
            return .error(413, "the request body is larger than \(HTTPServer.bodyLimit) bytes")
        }
        guard token.matches(request.arguments["token"]) || token.matches(request.cookies[AccessToken.cookieName(port: port)]) else {
            return .error(403, "this needs the token: open the URL 'realm-browser serve' printed (…/?token=…)")
        }
        if request.method != "GET" && request.method != "HEAD" {
            guard writable else {
                return .error(403, "read-only: the server was started without --write, so nothing can be changed")
            }
            guard token.matches(request.headers[Self.writeHeader]) else {
                return .error(403, "a write needs the X-Realm-Browser-Token header")
            }
            if let origin = request.headers["origin"], !sameOrigin(origin, host: request.headers["host"]) {
                return .error(403, "a write from another origin (\(origin)) is refused")
            }
        }
        return nil
    }

    /// Answers a screened request.
    func respond(_ request: HTTPRequest) -> HTTPResponse {
        var response = route(request)
        // The token came in the URL: keep it in a cookie, so the page's own requests need no token.
        if token.matches(request.arguments["token"]) {
            response.headers.append((name: "Set-Cookie", value: token.cookie(port: port)))
        }
        return response
    }

    private func route(_ request: HTTPRequest) -> HTTPResponse {
        let handlers: [String: (HTTPRequest) -> HTTPResponse] = [
            "/": { _ in .page(ServePage.html(token: token.hex, writable: writable, identity: api.session.file?.path ?? "")) },
            "/api/classes": api.classes,
            "/api/schema": api.schema,
            "/api/objects": api.objects,
            "/api/object": api.object,
            "/api/query": api.query,
            "/api/version": { api.version($0, writable: writable) },
            "/api/export": api.export,
            "/api/graph": api.graph,
            "/api/complete": api.complete,
            "/api/chart": api.chart,
        ]
        if let edits {
            let writes: [String: (HTTPRequest) -> HTTPResponse] = [
                "/api/edit": edits.edit, "/api/commit": edits.commit, "/api/rollback": edits.rollback,
                "/api/create": edits.create, "/api/delete": edits.delete, "/api/append": edits.append, "/api/remove": edits.remove,
            ]
            if let handler = writes[request.path] {
                guard request.method == "POST" else { return .error(405, "\(request.path) only answers POST") }
                return handler(request)
            }
        }
        guard let handler = handlers[request.path] else {
            return .error(404, "no such page or API: \(request.path)")
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return .error(405, "\(request.path) only answers GET")
        }
        return handler(request)
    }

    /// Whether `origin` (scheme://host[:port]) names the host the request was sent to.
    private func sameOrigin(_ origin: String, host: String?) -> Bool {
        guard let host else { return false }
        return origin == "http://\(host)"
    }
}
