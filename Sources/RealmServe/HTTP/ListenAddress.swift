#if canImport(Glibc)
import Glibc
#endif
import RealmShell

/// The address `serve` listens on (`--host`): an IPv4 or IPv6 literal, never a name, since a
/// name would be resolved once and the address it gave could differ from what a browser later
/// resolves it to. It also decides which `Host` headers a request may carry (`accepts`).
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

    /// Whether a request's `Host` header names this server, the guard against DNS rebinding:
    /// a page of another site whose name was made to resolve to this machine reaches the port
    /// with its own name in `Host`, and is refused whatever else it carries.
    ///
    /// The port must be the server's (implied 80 when absent). The name:
    /// - listening on one address: that address as a literal (IPv6 in brackets), compared as an
    ///   address (`[0:0::1]` is `[::1]`); on a loopback address `localhost` too, which only
    ///   ever names this machine. Other names are refused even if they resolve to the address:
    ///   what they resolve to is what an attacker controls, so open the URL by its address.
    /// - listening on every address (`0.0.0.0`, `::`): any name. The names the machine is
    ///   reached by from elsewhere (its host names, each interface's address) cannot be listed,
    ///   so the token is then the only guard; the warning printed at start says so.
    func accepts(hostHeader: String?, port: UInt16) -> Bool {
        guard let hostHeader, let (name, given) = Self.split(hostHeader), given == port else { return false }
        if isWildcard { return true }
        if isLoopback, name.lowercased() == "localhost" { return true }
        if family == .ipv6 {
            guard name.hasPrefix("["), name.hasSuffix("]") else { return false }
            return Self.parse(name.dropFirst().dropLast()) == self
        }
        return !name.contains(":") && Self.parse(name) == self
    }

    /// `name[:port]` or `[v6][:port]` into the name (brackets kept) and the port (80 if absent).
    private static func split(_ header: String) -> (Substring, UInt16)? {
        let text = Substring(header)
        let nameEnd: Substring.Index
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            nameEnd = text.index(after: close)
        } else {
            nameEnd = text.firstIndex(of: ":") ?? text.endIndex
        }
        let name = text[..<nameEnd]
        let rest = text[nameEnd...]
        guard !name.isEmpty else { return nil }
        if rest.isEmpty { return (name, 80) }
        let digits = rest.dropFirst()
        guard rest.first == ":", !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let port = UInt16(digits) else { return nil }
        return (name, port)
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
