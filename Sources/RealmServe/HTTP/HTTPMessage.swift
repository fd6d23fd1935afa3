import RealmShell
import RealmInterchange

/// One request as `serve`'s router sees it: MHD has parsed it (no HTTP parsing of ours); the
/// names of headers are lowercased, query arguments and cookies are decoded.
struct HTTPRequest {
    var method: String
    var path: String
    var arguments: [String: String] = [:]
    var headers: [String: String] = [:]
    var cookies: [String: String] = [:]
    var body: [UInt8] = []
    /// The bytes of the path and query arguments together, for the limit on a request's size.
    var targetLength: Int { path.utf8.count + arguments.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 2 } }
}

/// What the router answers; `HTTPServer` hands it to MHD as it is.
struct HTTPResponse {
    var status: Int
    var contentType: String
    var body: [UInt8]
    /// When set, the answer is this file's bytes instead of `body`: sent by libmicrohttpd from
    /// the descriptor (which it then closes), so a large download is never in memory.
    var file: UnlinkedFile?
    var headers: [(name: String, value: String)] = []

    init(status: Int, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    init(status: Int, contentType: String, file: UnlinkedFile) {
        self.init(status: status, contentType: contentType, body: [])
        self.file = file
    }

    static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: Array(text.utf8))
    }

    /// `{"error": MESSAGE}` with `extra` members (already encoded) after it.
    static func error(_ status: Int, _ message: String, extra: String = "") -> HTTPResponse {
        var text = "{\"status\": \(status), \"error\": "
        CanonicalValueEncoder.appendJSONString(message, to: &text)
        return json(text + extra + "}", status: status)
    }

    /// 303 to `location`, a path of this server.
    static func redirect(to location: String) -> HTTPResponse {
        var response = HTTPResponse(status: 303, contentType: "text/plain; charset=utf-8", body: Array("see \(location)\n".utf8))
        response.headers.append((name: "Location", value: location))
        return response
    }

    static func page(_ html: String) -> HTTPResponse {
        HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: Array(html.utf8))
    }
}
