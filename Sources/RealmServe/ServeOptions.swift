import RealmShell

/// `realm-browser serve FILE|DIR... [--port N] [--host H] [--write] [--key-file KEYFILE]`.
struct ServeOptions: Equatable {
    static let usage = "realm-browser serve FILE|DIR... [--port N] [--host ADDRESS] [--write] [--key-file KEYFILE]"

    /// One file, or several and directories (their `.realm` files), as given.
    var paths: [String]
    /// 0: any free port (the URL printed says which).
    var port: UInt16 = 0
    /// 127.0.0.1 unless `--host` names another address (checked here, so a bad one is a usage error).
    var host = ListenAddress.loopback
    var writable = false
    var keys = KeyOptions()

    static func parse(_ arguments: [String]) throws(BrowserError) -> ServeOptions {
        var words = arguments
        let keys = try KeyOptions.extract(from: &words)
        var paths: [String] = []
        var port: UInt16 = 0
        var host = ListenAddress.loopback
        var writable = false
        var index = 0
        func value(_ flag: String) throws(BrowserError) -> String {
            index += 1
            guard index < words.count else { throw .usage(usage + "  (\(flag) needs a value)") }
            return words[index]
        }
        while index < words.count {
            switch words[index] {
            case "--port":
                let text = try value("--port")
                guard let number = UInt16(text) else { throw .usage(usage + "  (--port takes 0 to 65535, not '\(text)')") }
                port = number
            case "--host": host = try ListenAddress(try value("--host"))
            case "--write": writable = true
            case let word where word.hasPrefix("-") && word.count > 1:
                throw .usage(usage + "  ('\(word)' is not an option of serve)")
            case let word:
                paths.append(word)
            }
            index += 1
        }
        guard !paths.isEmpty else { throw .usage(usage) }
        var options = ServeOptions(paths: paths, port: port, host: host, writable: writable)
        options.keys = keys
        return options
    }
}
