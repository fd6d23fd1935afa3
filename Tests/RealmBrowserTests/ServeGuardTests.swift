import BrowserKit
import Foundation
import Glibc
import Testing
import TestSupport

/// `serve`'s guards, end to end: IPv6 addresses.
@Suite("serve: IPv6", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ServeGuardTests {
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
        // Only ::1 listens: not the IPv4 loopback.
        #expect(throws: ServeClient.Failure.self) { try ServeClient(port: server.client.port).get("/api/classes", token: server.token) }
        server.process.interrupt()
        let finished = try server.process.finish()
        #expect(finished.status == 0)
        #expect(finished.errors.isEmpty, "loopback: no warning")
    }
}
