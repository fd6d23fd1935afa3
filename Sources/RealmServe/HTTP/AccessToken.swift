/// The secret every request to `serve` must carry, as Jupyter's token: printed in the URL once,
/// then kept in a cookie. Anyone else on the machine can reach a port on 127.0.0.1; only the
/// user who started the server has read its output.
struct AccessToken: Sendable {
    let hex: String

    /// 32 bytes from the system's generator (getrandom on Linux): 256 bits no one can guess.
    static func random() -> AccessToken {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        var text = ""
        for _ in 0..<32 {
            let byte = UInt8.random(in: 0...255, using: &generator)
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return AccessToken(hex: text)
    }

    /// The cookie's name carries the port: servers on other ports of the same host (cookies do
    /// not tell ports apart) keep their own tokens.
    static func cookieName(port: UInt16) -> String { "realm_browser_token_\(port)" }

    /// Compares in time that does not depend on where the texts differ.
    func matches(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        let expected = Array(hex.utf8)
        let given = Array(candidate.utf8)
        guard expected.count == given.count else { return false }
        var difference: UInt8 = 0
        for index in expected.indices { difference |= expected[index] ^ given[index] }
        return difference == 0
    }

    /// `Set-Cookie` value: not readable by scripts, never sent from another site.
    func cookie(port: UInt16) -> String {
        "\(Self.cookieName(port: port))=\(hex); Path=/; HttpOnly; SameSite=Strict"
    }
}
