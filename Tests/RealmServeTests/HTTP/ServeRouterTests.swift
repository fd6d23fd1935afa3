@testable import RealmServe
@testable import RealmShell
@testable import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// `serve`'s options and its router in process, without a socket: what is refused before a
/// request reaches the API, and the token's cookie.
@Suite("serve: options, token and router")
struct ServeRouterTests {
    static let token = AccessToken(hex: String(repeating: "ab", count: 32))

    static func router(writable: Bool = false) -> Router {
        Router(token: token, port: 8123, writable: writable, api: ServeAPI(session: Session(output: BufferedOutput())))
    }

    /// A request with the token in its cookie and the `Host` a browser sends, unless given.
    static func request(_ path: String, method: String = "GET", token: String? = ServeRouterTests.token.hex,
                        headers: [String: String] = [:]) -> HTTPRequest {
        var request = HTTPRequest(method: method, path: path)
        if let token { request.cookies[AccessToken.cookieName(port: 8123)] = token }
        request.headers = ["host": "127.0.0.1:8123"].merging(headers) { $1 }
        return request
    }

    @Test("the command line: FILE, --port, --host, --write, and what is refused")
    func options() throws {
        let options = try ServeOptions.parse(["a.realm", "--port", "8080", "--host", "0.0.0.0", "--write"])
        #expect(options == ServeOptions(paths: ["a.realm"], port: 8080, host: try ListenAddress("0.0.0.0"), writable: true))
        #expect(try ServeOptions.parse(["a.realm"]) == ServeOptions(paths: ["a.realm"], port: 0, host: .loopback, writable: false))
        #expect(try ServeOptions.parse(["a.realm", "--write", "dir"]).paths == ["a.realm", "dir"])
        // Each refusal is serve's usage line with what was wrong.
        let refused: [([String], String)] = [
            ([], "serve FILE"), (["a.realm", "--port", "70000"], "--port takes 0 to 65535, not '70000'"),
            (["a.realm", "--port"], "--port needs a value"),
            (["a.realm", "--bogus"], "'--bogus' is not an option of serve"),
            (["a.realm", "--host", "localhost"], "not 'localhost'"), (["a.realm", "--host", "1.2.3"], "not '1.2.3'"),
            (["a.realm", "--host", "::g"], "not '::g'"), (["a.realm", "--host", "fe80::1%eth0"], "not 'fe80::1%eth0'"),
            (["a.realm", "--host"], "--host needs a value"),
        ]
        for (words, problem) in refused {
            expectError(.usage(mentioning: "realm-browser serve FILE|DIR... [--port N]", problem), "\(words)") { try ServeOptions.parse(words) }
        }
        #expect(try CommandLineOptions.parse(["serve", "a.realm", "--port", "0"]).serveArguments == ["a.realm", "--port", "0"])
    }

    @Test("--host: IPv4 and IPv6 literals, the URL's form (IPv6 in brackets), loopback and wildcard")
    func addresses() throws {
        let v6 = try ServeOptions.parse(["a.realm", "--host", "::1"]).host
        #expect(v6.family == .ipv6 && v6.isLoopback && !v6.isWildcard)
        #expect(v6.urlHost == "[::1]")
        #expect(try ListenAddress("[::1]") == v6)
        #expect(try ListenAddress("0:0:0:0:0:0:0:1").urlHost == "[::1]")
        let any6 = try ListenAddress("::")
        #expect(any6.isWildcard && !any6.isLoopback && any6.urlHost == "[::]")
        #expect(ListenAddress.loopback.urlHost == "127.0.0.1")
        #expect(try ListenAddress("127.0.0.2").isLoopback)
        #expect(try ListenAddress("0.0.0.0").isWildcard)
        #expect(try !ListenAddress("192.168.1.5").isLoopback)
    }

    @Test("the Host header: the address listened on and its port, localhost on a loopback, any name on every address")
    func hostHeaders() throws {
        func accepted(_ address: String, _ hosts: [String?], port: UInt16 = 8123) throws -> [Bool] {
            let listening = try ListenAddress(address)
            return hosts.map { listening.accepts(hostHeader: $0, port: port) }
        }
        #expect(try accepted("127.0.0.1", ["127.0.0.1:8123", "localhost:8123", "LOCALHOST:8123"]) == [true, true, true])
        #expect(try accepted("127.0.0.1", ["evil.example:8123", "127.0.0.1:8124", "127.0.0.1", "localhost", nil, "",
                                           "[::1]:8123", "127.0.0.1:8123:1", "127.0.0.1:", "127.0.0.1:+8123",
                                           "127.0.0.2:8123", "127.1:8123", "localhost.evil.example:8123"]).allSatisfy { !$0 })
        #expect(try accepted("127.0.0.1", ["localhost", "127.0.0.1"], port: 80) == [true, true])
        #expect(try accepted("::1", ["[::1]:8123", "[0:0:0:0:0:0:0:1]:8123", "localhost:8123"]) == [true, true, true])
        #expect(try accepted("::1", ["::1:8123", "127.0.0.1:8123", "[::1]:8124", "[::1", "[::2]:8123"]).allSatisfy { !$0 })
        #expect(try accepted("0.0.0.0", ["anything.example:8123", "10.0.0.7:8123", "[fd00::2]:8123"]) == [true, true, true])
        #expect(try accepted("0.0.0.0", ["anything.example:8124", nil, ":8123"]).allSatisfy { !$0 })
        #expect(try accepted("::", ["anything.example:8123"]) == [true])
        #expect(try accepted("192.168.1.5", ["192.168.1.5:8123"]) == [true])
        #expect(try accepted("192.168.1.5", ["localhost:8123", "myhost.lan:8123", "192.168.1.6:8123"]).allSatisfy { !$0 })
    }

    @Test("tokens: 64 hex digits, random, compared whole")
    func tokens() {
        let first = AccessToken.random()
        #expect(first.hex.count == 64 && first.hex.allSatisfy(\.isHexDigit))
        #expect(first.hex != AccessToken.random().hex)
        #expect(first.matches(first.hex))
        #expect(!first.matches(String(first.hex.dropLast())))
        #expect(!first.matches(nil))
        #expect(Self.token.cookie(port: 8123) == "realm_browser_token_8123=\(Self.token.hex); Path=/; HttpOnly; SameSite=Strict")
    }

    @Test("screened before the body: size limits, the token, writes")
    func screening() {
        let router = Self.router()
        #expect(router.screen(Self.request("/api/classes")) == nil)
        #expect(router.screen(Self.request("/api/classes", headers: ["host": "localhost:8123"])) == nil)
        let rebound = router.screen(Self.request("/api/classes", headers: ["host": "evil.example:8123"]))
        #expect(rebound?.status == 403)
        #expect(rebound.map { String(decoding: $0.body, as: UTF8.self) }?.contains("DNS rebinding") == true)
        var noHost = Self.request("/api/classes")
        noHost.headers["host"] = nil
        #expect(router.screen(noHost)?.status == 403)
        #expect(router.screen(Self.request("/api/classes", token: nil))?.status == 403)
        #expect(router.screen(Self.request("/api/classes", token: "ab"))?.status == 403)
        var viaQuery = Self.request("/", token: nil)
        viaQuery.arguments["token"] = Self.token.hex
        #expect(router.screen(viaQuery) == nil)
        #expect(router.respond(viaQuery).headers.first { $0.name == "Set-Cookie" }?.value == Self.token.cookie(port: 8123))
        var long = Self.request("/api/query")
        long.arguments["q"] = String(repeating: "x", count: Router.targetLimit)
        #expect(router.screen(long)?.status == 414)
        #expect(router.screen(Self.request("/api/classes", method: "POST", headers: ["content-length": "70000"]))?.status == 413)
        #expect(router.screen(Self.request("/api/classes", method: "POST"))?.status == 403)
        let writable = Self.router(writable: true)
        #expect(writable.screen(Self.request("/api/classes", method: "POST"))?.status == 403)
        let header = ["x-realm-browser-token": Self.token.hex, "host": "127.0.0.1:8123"]
        #expect(writable.screen(Self.request("/api/classes", method: "POST", headers: header)) == nil)
        #expect(writable.screen(Self.request("/api/classes", method: "POST", headers: header.merging(["origin": "http://evil.example"]) { $1 }))?.status == 403)
        #expect(writable.screen(Self.request("/api/classes", method: "POST", headers: header.merging(["origin": "http://127.0.0.1:8123"]) { $1 })) == nil)
    }

    @Test("only the fixed paths answer")
    func routes() {
        let router = Self.router()
        #expect(router.respond(Self.request("/")).status == 200)
        for path in ["/index.html", "/../etc/passwd", "/api", "/api/classes/", "//api/classes"] {
            #expect(router.respond(Self.request(path)).status == 404, "\(path)")
        }
        // No file open: the API says so rather than answering nothing.
        #expect(router.respond(Self.request("/api/classes")).status == 500)
    }
}
