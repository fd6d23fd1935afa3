#if canImport(Glibc)
import Glibc
#endif

/// Text helpers without Foundation: the harness must build against older engine sources too
/// (scripts/build_baseline.sh), so it leans on nothing but the standard library and libc.
enum BenchText {
    /// Fixed-point text: `fixed(3.14159, 2)` is "3.14".
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int64(scaled / scale)
        var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let fraction = String(Int64(scaled - Double(whole) * scale))
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }

    /// Milliseconds with about three significant digits: 0.042, 3.14, 46.2, 1234.
    static func milliseconds(_ value: Double) -> String {
        if value >= 100 { return fixed(value, 0) }
        if value >= 10 { return fixed(value, 1) }
        if value >= 1 { return fixed(value, 2) }
        return fixed(value, 3)
    }

    /// "12.3M/s" style rates.
    static func rate(_ perSecond: Double) -> String {
        if perSecond >= 1e9 { return fixed(perSecond / 1e9, 2) + "G/s" }
        if perSecond >= 1e6 { return fixed(perSecond / 1e6, 2) + "M/s" }
        if perSecond >= 1e3 { return fixed(perSecond / 1e3, 2) + "k/s" }
        return fixed(perSecond, 0) + "/s"
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }

    /// A JSON string literal.
    static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let digits = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Standard error through the descriptor: Swift 6 rejects the C global `stderr`.
    static func printError(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(2, &bytes, bytes.count)
    }

    static func fail(_ message: String, status: Int32 = 2) -> Never {
        printError("realm-bench: \(message)\n")
        if status == 2 { printError("Try 'realm-bench --help'.\n") }
        exit(status)
    }

    /// The whole file as text, or nil when it cannot be read.
    static func readFile(_ path: String) -> String? {
        guard let handle = fopen(path, "r") else { return nil }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, handle)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `text` to `path`, replacing it.
    static func writeFile(_ path: String, _ text: String) throws(BenchFailure) {
        guard let handle = fopen(path, "w") else {
            throw BenchFailure(message: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        fputs(text, handle)
        fclose(handle)
    }
}
