import RealmInterchange

/// `mode`, `headers`, `output` and `once`: how and where results print, as in sqlite3's shell.
enum OutputCommands {
    static let mode = CommandSpec(
        name: "mode", aliases: [".mode"], arguments: "[" + OutputMode.allNames + "]",
        summary: "how rows print: aligned table, box, json (one array), jsonl, csv, line, markdown",
        access: .none, completion: .firstWord { OutputMode.allCases.map(\.rawValue) },
        run: { arguments, session throws(BrowserError) in
            let words = StatementSplitter.words(in: arguments)
            guard words.count <= 1 else { throw .usage("mode " + OutputMode.allNames) }
            guard let name = words.first else {
                session.output.line(session.outputMode.rawValue)
                return
            }
            session.outputMode = try OutputMode.named(name)
        })

    static let headers = CommandSpec(
        name: "headers", aliases: [".headers"], arguments: "[on|off]",
        summary: "column names above tables and CSV (on by default)",
        access: .none, completion: .firstWord { ["on", "off"] },
        run: { arguments, session throws(BrowserError) in
            switch arguments.trimmingWhitespace().lowercased() {
            case "": session.output.line(session.showsHeaders ? "on" : "off")
            case "on": session.showsHeaders = true
            case "off": session.showsHeaders = false
            default: throw .usage("headers on|off")
            }
        })

    static let output = CommandSpec(
        name: "output", aliases: [".output"], arguments: "[FILE]",
        summary: "send all following output to FILE (created or emptied); 'output' alone: back to the screen",
        access: .none, completion: .fileName,
        run: { arguments, session throws(BrowserError) in
            let words = StatementSplitter.words(in: arguments)
            guard words.count <= 1 else { throw .usage("output [FILE]") }
            if let path = words.first, path != "stdout", path != "-" {
                try session.router.send(to: path)
            } else {
                session.router.sendToStandardOutput()
            }
        })

    static let once = CommandSpec(
        name: "once", aliases: [".once"], arguments: "FILE",
        summary: "send only the next command's output to FILE",
        access: .none, completion: .fileName,
        run: { arguments, session throws(BrowserError) in
            let words = StatementSplitter.words(in: arguments)
            guard words.count == 1, let path = words.first else { throw .usage("once FILE") }
            try session.router.sendNextCommand(to: path)
        })
}
