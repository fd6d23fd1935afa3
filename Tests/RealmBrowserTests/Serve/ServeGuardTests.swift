import RealmShell
import Foundation
import Glibc
import RealmInterchange
import Testing
import TestSupport

/// `serve`'s guards, end to end: the `Host` header (DNS rebinding), IPv6 addresses, and a
/// signal that stops the request in progress. Nothing waits for time: the interrupted request
/// is held by a test hook until the signal has come.
@Suite("serve: Host header, IPv6, stopping mid-request", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ServeGuardTests {
    @Test("a Host naming another site is refused (DNS rebinding); the address and localhost answer")
    func hostHeader() throws {
        guard Fixtures.requirePresent() else { return }
        let server = try ServeTests.Server("species")
        let port = server.client.port
        let cookie = "realm_browser_token_\(port)=\(server.token)"
        for host in ["evil.example:\(port)", "evil.example", "127.0.0.1:\(port &+ 1)", "127.0.0.1"] {
            let refused = try server.client.send("GET", "/api/classes?token=\(server.token)", headers: ["Host": host, "Cookie": cookie])
            #expect(refused.status == 403, "\(host)")
            #expect(refused.body.contains("DNS rebinding"), "\(host)")
            #expect(!refused.body.contains("classes"), "\(host)")
            #expect(refused.headers["set-cookie"] == nil, "\(host)")
        }
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LocalHost:\(port)"] {
            let answered = try server.client.send("GET", "/api/classes", headers: ["Host": host, "Cookie": cookie])
            #expect(answered.status == 200, "\(host): \(answered.body)")
        }
        server.process.terminate()
        #expect(try server.process.finish().status == 0)
    }

    /// Whether this machine can listen on ::1 (a container may have no IPv6 loopback).
    static func hasIPv6Loopback() -> Bool {
        let socket = Glibc.socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
        } == 0
    }

    @Test("--host ::1 listens on the IPv6 loopback and prints the URL with brackets")
    func ipv6() throws {
        guard Fixtures.requirePresent() else { return }
        guard Self.hasIPv6Loopback() else {
            // The option and the URL's form are still checked in ServeRouterTests.
            print("ServeGuardTests.ipv6: skipped, this machine cannot bind [::1] (no IPv6 loopback)")
            return
        }
        let server = try ServeTests.Server(path: Fixtures.realmPath("species"), ["--host", "::1"], host: "::1")
        #expect(server.url.hasPrefix("http://[::1]:"))
        let cookie = ["Cookie": "realm_browser_token_\(server.client.port)=\(server.token)"]
        let classes = try server.client.send("GET", "/api/classes", headers: cookie)
        #expect(classes.status == 200, "\(classes.body)")
        #expect(classes.body.hasPrefix("{\"classes\": ["))
        #expect(try server.client.send("GET", "/api/classes", headers: cookie.merging(["Host": "localhost:\(server.client.port)"]) { $1 }).status == 200)
        #expect(try server.client.send("GET", "/api/classes", headers: cookie.merging(["Host": "127.0.0.1:\(server.client.port)"]) { $1 }).status == 403)
        // Only ::1 listens: not the IPv4 loopback.
        #expect(throws: ServeClient.Failure.self) { try ServeClient(port: server.client.port).get("/api/classes", token: server.token) }
        server.process.interrupt()
        let finished = try server.process.finish()
        #expect(finished.status == 0)
        #expect(finished.errors.isEmpty, "loopback: no warning")
    }

    /// What a request sent from another thread got back.
    final class Answer: @unchecked Sendable {
        private let lock = NSLock()
        private var result: Result<ServeClient.Response, Error>?
        private let done = DispatchSemaphore(value: 0)

        func set(_ value: Result<ServeClient.Response, Error>) {
            lock.withLock { result = value }
            done.signal()
        }

        func wait() throws -> ServeClient.Response {
            guard done.wait(timeout: .now() + Patience.seconds) == .success else {
                throw ServeClient.Failure(description: "no answer in \(Patience.seconds) s")
            }
            return try lock.withLock { result! }.get()
        }
    }

    @Test("SIGINT and SIGTERM stop a request in progress: it answers 503, the server exits 0",
          arguments: [SIGINT, SIGTERM])
    func signalStopsRequest(_ signal: Int32) throws {
        guard Fixtures.requirePresent() else { return }
        // The hook holds each request before its work until the server is stopping, so the
        // signal comes while the request is in progress, whatever the machine's speed; the work
        // then starts with the stop requested and must stop at its first check: an answer of
        // 200 would mean it ran to the end.
        let server = try ServeTests.Server("big", environment: ["REALM_BROWSER_SERVE_HOLD": "1"])
        let client = server.client
        let token = server.token
        let answer = Answer()
        Thread.detachNewThread {
            answer.set(Result { try client.get("/api/query?class=Item&q=qty%20%3E%200", token: token) })
        }
        let held = try server.process.nextLine()
        #expect(held == "holding GET /api/query", "\(held ?? "(end of output)") after \(server.url)")
        if signal == SIGINT { server.process.interrupt() } else { server.process.terminate() }
        let response = try answer.wait()
        #expect(response.status == 503, "\(response.body)")
        #expect(try JSONParser.parse(response.body)["error"]?.string == "interrupted: the server is stopping")
        let finished = try server.process.finish()
        #expect(finished.status == 0)
        #expect(finished.rest.isEmpty)
        #expect(finished.errors.isEmpty)
    }
}
