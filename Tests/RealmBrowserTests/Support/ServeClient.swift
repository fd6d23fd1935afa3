import Foundation
import Glibc
import TestSupport

/// A plain HTTP/1.1 client over a socket, for the `serve` tests: it sends exactly the bytes a
/// test writes (paths with `..`, oversized targets, missing tokens), which URLSession would
/// normalise or refuse, and reads the whole answer (the request asks to close the connection).
struct ServeClient {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    struct Response {
        let status: Int
        /// Header names lowercased; of a repeated header, the last.
        let headers: [String: String]
        let body: String
    }

    let port: UInt16
    /// The address connected to: an IPv4 literal, or an IPv6 one (`::1`).
    var host = "127.0.0.1"

    /// How the `Host` header names the server: the address and port, as a browser writes them.
    var hostHeader: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Sends `method target` with `headers` and `body`; `Connection: close` is added, and a
    /// `Host` header naming the server unless `headers` has one.
    func send(_ method: String, _ target: String, headers: [String: String] = [:], body: String = "") throws -> Response {
        let socket = try connected()
        defer { close(socket) }
        // A server that never answers fails the test instead of hanging the suite.
        var patience = timeval(tv_sec: Int(Patience.seconds), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
        var request = "\(method) \(target) HTTP/1.1\r\n"
        if !headers.keys.contains(where: { $0.lowercased() == "host" }) { request += "Host: \(hostHeader)\r\n" }
        request += "Connection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { request += "Content-Length: \(body.utf8.count)\r\n" }
        request += "\r\n" + body
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // The server may answer (413, 414) and close before it has read everything.
            guard count > 0 else { break }
            sent += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                throw Failure(description: "no answer from port \(port) to \(method) \(target) in \(Patience.seconds) s")
            }
            guard count > 0 else { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return try Self.parse(String(decoding: received, as: UTF8.self))
    }

    /// A socket connected to `host` and `port`.
    private func connected() throws -> Int32 {
        let family = host.contains(":") ? AF_INET6 : AF_INET
        let socket = Glibc.socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var result: Int32
        if family == AF_INET6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard result == 0 else {
            let error = errno
            close(socket)
            throw Failure(description: "connect to \(hostHeader): errno \(error)")
        }
        return socket
    }

    /// GET with the token in the cookie the server set.
    func get(_ target: String, token: String) throws -> Response {
        try send("GET", target, headers: ["Cookie": "realm_browser_token_\(port)=\(token)"])
    }

    private static func parse(_ text: String) throws -> Response {
        guard let end = text.range(of: "\r\n\r\n") else { throw Failure(description: "no complete response: \(text.prefix(200))") }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let statusWords = lines[0].split(separator: " ")
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else { throw Failure(description: "bad status line: \(lines[0])") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: String(text[end.upperBound...]))
    }
}
