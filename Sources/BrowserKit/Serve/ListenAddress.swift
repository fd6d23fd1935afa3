#if canImport(Glibc)
import Glibc
#endif

/// The address `serve` listens on (`--host`): an IPv4 or IPv6 literal, never a name, since a
/// name would be resolved once and the address it gave could differ from what a browser later
/// resolves it to.
struct ListenAddress: Equatable, Sendable {
    enum Family: Sendable { case ipv4, ipv6 }

    let family: Family
    /// The address in network order: 4 bytes for IPv4, 16 for IPv6.
    let bytes: [UInt8]

    static let loopback = ListenAddress(family: .ipv4, bytes: [127, 0, 0, 1])

    private init(family: Family, bytes: [UInt8]) {
        self.family = family
        self.bytes = bytes
    }

    /// `127.0.0.1`, `0.0.0.0`, `::1`, `::` (also in brackets, as URLs write them: `[::1]`).
    init(_ text: String) throws(BrowserError) {
        var literal = Substring(text)
        if literal.hasPrefix("["), literal.hasSuffix("]") { literal = literal.dropFirst().dropLast() }
        guard let parsed = Self.parse(literal) else {
            throw .usage(ServeOptions.usage + "  (--host takes an IPv4 or IPv6 address such as 127.0.0.1, 0.0.0.0, ::1 or ::, not '\(text)')")
        }
        self = parsed
    }

    /// An IPv4 literal (dotted, as inet_pton reads it) or an IPv6 one (no brackets, no zone).
    private static func parse(_ text: Substring) -> ListenAddress? {
        let family: Family = text.contains(":") ? .ipv6 : .ipv4
        var buffer = [UInt8](repeating: 0, count: family == .ipv4 ? 4 : 16)
        let parsed = buffer.withUnsafeMutableBytes { bytes in
            inet_pton(family == .ipv4 ? AF_INET : AF_INET6, String(text), bytes.baseAddress)
        }
        return parsed == 1 ? ListenAddress(family: family, bytes: buffer) : nil
    }

    /// `0.0.0.0` or `::`: every address of the machine (of that family).
    var isWildcard: Bool { bytes.allSatisfy { $0 == 0 } }

    /// `127.0.0.0/8` or `::1`: this machine only, which `localhost` names too.
    var isLoopback: Bool {
        family == .ipv4 ? bytes[0] == 127 : bytes == [UInt8](repeating: 0, count: 15) + [1]
    }

    /// The canonical text (`inet_ntop`): `127.0.0.1`, `::1`.
    var text: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        _ = bytes.withUnsafeBytes { address in
            inet_ntop(family == .ipv4 ? AF_INET : AF_INET6, address.baseAddress, &buffer, socklen_t(buffer.count))
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The address as a URL's host: IPv6 in brackets (`[::1]`), as RFC 3986 writes it.
    var urlHost: String { family == .ipv6 ? "[\(text)]" : text }
}
