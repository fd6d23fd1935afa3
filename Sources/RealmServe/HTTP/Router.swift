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
    /// The files answered for: one (`serve FILE`, at the root) or several (`serve A B`, `serve
    /// DIR`: each under `/files/N/`, N its place in the list made at start).
    let files: [ServedFile]
    let several: Bool
    /// The address listened on, which the `Host` header must name (`ListenAddress.accepts`).
    var address = ListenAddress.loopback

    /// One file, at the root.
    init(token: AccessToken, port: UInt16, writable: Bool, api: ServeAPI, address: ListenAddress = .loopback) {
        self.init(token: token, port: port, files: [ServedFile(api: api, writable: writable)], several: false, address: address)
    }

    init(token: AccessToken, port: UInt16, files: [ServedFile], several: Bool, address: ListenAddress = .loopback) {
        self.token = token
        self.port = port
        self.files = files
        self.several = several
        self.address = address
    }

    /// The file a request's path is for and the path within it (`/files/N/api/X` -> N, `/api/X`):
    /// nil when it names none (only digits name a file: no path, no name, reaches one).
    func target(of path: String) -> (file: ServedFile, path: String)? {
        guard several else { return files.first.map { ($0, path) } }
        let prefix = "/files/"
        guard path.hasPrefix(prefix) else { return nil }
        let rest = path.dropFirst(prefix.count)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count < 6, let index = Int(digits), index < files.count,
              rest.dropFirst(digits.count).hasPrefix("/") else { return nil }
        return (files[index], String(rest.dropFirst(digits.count)))
    }

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
            guard let file = target(of: request.path)?.file, file.writable else {
                return .error(403, "read-only: the server was started without --write (or the file's format cannot be written), so nothing can be changed")
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
        if several {
            switch request.path {
            // The first file that opened (one without its key is only listed).
            case "/": return .redirect(to: "/files/\(files.first { $0.api != nil }?.index ?? 0)/")
            case "/api/files":
                guard request.method == "GET" || request.method == "HEAD" else { return .error(405, "/api/files only answers GET") }
                return ServedFileList.json(files)
            default: break
            }
        }
        guard let (file, path) = target(of: request.path) else {
            return .error(404, "no such page or API: \(request.path)")
        }
        let base = several ? "/files/\(file.index)" : ""
        if path == "/" {
            guard request.method == "GET" || request.method == "HEAD" else { return .error(405, "/ only answers GET") }
            return .page(ServePage.html(token: token.hex, writable: file.writable, base: base, identity: file.path))
        }
        guard let api = file.api else {
            guard path.hasPrefix("/api/") else { return .error(404, "no such page or API: \(request.path)") }
            return .error(409, "\(file.name) could not be opened: \(file.problem ?? "unknown")")
        }
        let handlers: [String: (HTTPRequest) -> HTTPResponse] = [
            "/api/classes": api.classes,
            "/api/schema": api.schema,
            "/api/objects": api.objects,
            "/api/object": api.object,
            "/api/query": api.query,
            "/api/version": { api.version($0, writable: file.writable) },
            "/api/export": api.export,
            "/api/graph": api.graph,
            "/api/complete": api.complete,
            "/api/chart": api.chart,
        ]
        if file.writable {
            let edits = ServeEditAPI(session: api.session)
            let writes: [String: (HTTPRequest) -> HTTPResponse] = [
                "/api/edit": edits.edit, "/api/commit": edits.commit, "/api/rollback": edits.rollback,
                "/api/create": edits.create, "/api/delete": edits.delete, "/api/append": edits.append, "/api/remove": edits.remove,
                "/api/schema-change": edits.schemaChange,
            ]
            if let handler = writes[path] {
                guard request.method == "POST" else { return .error(405, "\(path) only answers POST") }
                return handler(request)
            }
        }
        guard let handler = handlers[path] else {
            return .error(404, "no such page or API: \(request.path)")
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return .error(405, "\(path) only answers GET")
        }
        return handler(request)
    }

    /// Whether `origin` (scheme://host[:port]) names the host the request was sent to.
    private func sameOrigin(_ origin: String, host: String?) -> Bool {
        guard let host else { return false }
        return origin == "http://\(host)"
    }
}
