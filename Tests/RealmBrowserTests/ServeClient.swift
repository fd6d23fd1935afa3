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

    /// Sends `method target` with `headers` and `body`; `Connection: close` is added.
    func send(_ method: String, _ target: String, headers: [String: String] = [:], body: String = "") throws -> Response {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect to port \(port): errno \(errno)") }
        // A server that never answers fails the test instead of hanging the suite.
        var patience = timeval(tv_sec: Int(Patience.seconds), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
        var request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
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
