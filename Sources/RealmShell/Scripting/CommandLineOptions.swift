import RealmInterchange

/// The command line: `realm-browser [FILE] [-c COMMANDS] [-f SCRIPT] [--bail] [--page-size N]`.
public struct CommandLineOptions: Equatable {
    public var path: String?
    public var commands: String?
    /// `-f SCRIPT`: files of commands, run after `-c` in the order given.
    public var scriptFiles: [String] = []
    /// `--bail`: stop at the first failing command (exit status 1).
    public var bail = false
    public var pageSize = 20
    /// `--json`: results and listings as JSON lines, for scripts (the same as `--mode jsonl`).
    public var json = false
    /// `--mode MODE`: the output mode to start in (`mode` in the session).
    public var mode: OutputMode?
    /// `--no-headers`: tables and CSV without column names (`headers off`).
    public var noHeaders = false
    public var showHelp = false
    public var showVersion = false
    /// `--key-file FILE` / `--key KEY`: the key of an encrypted FILE (else `REALM_BROWSER_KEY`).
    public var keyFile: String?
    public var keyText: String?
    /// `realm-browser diff A B ...`: the words after `diff`, run by `DiffCommand.commandLine`
    /// (which exits like diff(1)) instead of the usual session.
    public var diffArguments: [String]?
    /// `realm-browser serve FILE ...`: the words after `serve`, run by `ServeCommand.commandLine`
    /// (which answers HTTP requests until it is stopped) instead of the usual session.
    public var serveArguments: [String]?

    public static let version = "realm-browser 0.1.0"

    public static let usage = """
    Usage: realm-browser [FILE] [options]
           realm-browser generate demo FILE [--rows N] [--seed S] [--force]
           realm-browser load DUMP.json OUT.realm [--force]
           realm-browser verify FILE [--json] [--key-file KEYFILE]
           realm-browser recover FILE OUT [--force] [--json] [--key-file KEYFILE]
           realm-browser diff A B [--class CLASS] [--json] [--key-file KEYFILE]
           realm-browser serve FILE|DIR... [--port N] [--host ADDRESS] [--write] [--key-file KEYFILE]
           realm-browser export sqlite FILE OUT.sqlite [CLASS...] [--key-file KEYFILE]

    Browse a Realm database file: its classes, schema and objects.

    Options:
      -c, --command "CMDS"  run the commands (separated by ';') and exit
      -f, --file SCRIPT     run the commands in SCRIPT (one per line, '#' comments) and exit
      --bail                stop at the first command that fails
      --mode MODE           output mode: table (default), box, json, jsonl, csv, line, markdown
                            (csv, json and jsonl print whole results, without page footers)
      --json                the same as --mode jsonl: one JSON object per line, canonical values
      --no-headers          no column names above tables and CSV
      --page-size N         rows per page in listings (default 20)
      --key-file KEYFILE    the 64-byte key of an encrypted FILE: 64 raw bytes, or the key as
                            128 hex digits or 88 base64 characters (also: REALM_BROWSER_KEY=KEY)
      --key KEY             the key on the command line: other users of this machine can see
                            it (ps, /proc); prefer --key-file or REALM_BROWSER_KEY
      -h, --help            show this help and exit
      --version             show the version and exit

    On a terminal, tables are cut to its width (or $COLUMNS) and colored (unless $NO_COLOR is
    set); interactively, results taller than the window go through $PAGER (default less -FRX).

    Without -c or -f, commands are read from standard input: interactively with line editing,
    history (~/.realm_browser_history, or $REALM_BROWSER_HISTORY) and tab completion when
    it is a terminal, one per line without prompts when it is piped. A statement goes on to
    the next line while a quote or bracket is open or the line ends with '\\'.

    Queries over large classes use every core where that pays ($REALM_BROWSER_THREADS=N caps
    the threads, 1 for none); the results are the same either way.

    Exit status: 0 when every command succeeded, 1 when the file could not be opened or a
    command failed, 2 for invalid command-line arguments, 130 when Ctrl-C stopped a command
    (and with it the script; 'help scripts'). 'realm-browser diff A B' exits like
    diff(1): 0 when the files hold the same schema and objects, 1 when they differ, 2 when they
    could not be compared. 'realm-browser recover FILE OUT' exits 0 when everything was
    recovered, 1 when OUT was written with losses (each one reported) or nothing could be.
    'realm-browser serve FILE' prints a URL to open in a web browser (127.0.0.1 only, with a
    secret token) and serves until interrupted (exit 0); several files or a directory (its
    .realm files) are listed on the page, each at its own URL; see 'help serve'.

    Examples:
      realm-browser default.realm
      realm-browser default.realm -c "classes; show Dog[0]"
      echo "schema Dog" | realm-browser default.realm
      realm-browser default.realm --bail -f fix-names.txt
      realm-browser default.realm -c 'schema --dot' | dot -Tpng > schema.png
      realm-browser diff before.realm after.realm --class Dog
      realm-browser export sqlite app.realm app.sqlite

    """

    public init() {}

    /// Opens FILE in `session` with the key the options or `environment` give (none for a
    /// plain file).
    public func open(_ path: String, in session: Session, environment: [String: String]) throws(BrowserError) {
        guard keyFile == nil || keyText == nil else { throw .usage("give the key once: --key-file or --key, not both") }
        session.environment = environment
        try KeyOptions(keyFile: keyFile, keyText: keyText).open(path, in: session)
    }

    public static func parse(_ arguments: [String]) throws(CommandLineError) -> CommandLineOptions {
        var options = CommandLineOptions()
        // Its own arguments, passed as they are (paths with spaces or quotes stay whole).
        if arguments.first == "diff" {
            options.diffArguments = Array(arguments.dropFirst())
            return options
        }
        if arguments.first == "serve" {
            options.serveArguments = Array(arguments.dropFirst())
            return options
        }
        // `realm-browser generate demo FILE ...`, `realm-browser load DUMP OUT` and
        // `realm-browser verify FILE`, `realm-browser recover FILE OUT` run the REPL command without opening a file.
        if let first = arguments.first, ["generate", "load", "verify", "recover"].contains(first) {
            options.commands = commandText(arguments)
            return options
        }
        if arguments.first == "export" { return try exportOptions(Array(arguments.dropFirst())) }
        var index = 0
        func value(for flag: String) throws(CommandLineError) -> String {
            index += 1
            guard index < arguments.count else { throw .missingValue(flag) }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-h", "--help": options.showHelp = true
            case "--version": options.showVersion = true
            case "--json": options.json = true
            case "--no-headers": options.noHeaders = true
            case "--mode":
                let text = try value(for: argument)
                guard let mode = OutputMode(rawValue: text.lowercased()) else { throw .invalidValue(flag: argument, value: text) }
                options.mode = mode
            case "-c", "--command":
                let text = try value(for: argument)
                options.commands = options.commands.map { $0 + "; " + text } ?? text
            case "-f", "--file":
                options.scriptFiles.append(try value(for: argument))
            case "--bail": options.bail = true
            case "--key-file": options.keyFile = try value(for: argument)
            case "--key": options.keyText = try value(for: argument)
            case "--page-size":
                let text = try value(for: argument)
                guard let size = Int(text), size > 0 else { throw .invalidValue(flag: argument, value: text) }
                options.pageSize = size
            default:
                if argument.hasPrefix("-") && argument.count > 1 { throw .unknownOption(argument) }
                guard options.path == nil else { throw .unexpectedArgument(argument) }
                options.path = argument
            }
            index += 1
        }
        return options
    }
}

extension CommandLineOptions {
    static let exportUsage = "realm-browser export sqlite FILE OUT.sqlite [CLASS...] [--key-file KEYFILE | --key KEY]"

    /// `realm-browser export sqlite FILE OUT [CLASS...]`: FILE opened (with its key) as for
    /// `realm-browser FILE`, then the REPL's `export sqlite OUT [CLASS...]` run on it, so the
    /// command line and the REPL write the same file, with the same Ctrl-C and exit status.
    static func exportOptions(_ arguments: [String]) throws(CommandLineError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var words: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--key-file", "--key":
                index += 1
                guard index < arguments.count else { throw .missingValue(argument) }
                if argument == "--key" { options.keyText = arguments[index] } else { options.keyFile = arguments[index] }
            default:
                if argument.hasPrefix("-") && argument.count > 1 { throw .unknownOption(argument) }
                words.append(argument)
            }
            index += 1
        }
        guard words.first?.lowercased() == "sqlite" else {
            throw .usage("the command line exports to SQLite: \(exportUsage) (JSON and CSV: realm-browser FILE -c 'export csv ...')")
        }
        guard words.count >= 3 else { throw .usage(exportUsage) }
        options.path = words[1]
        options.commands = commandText(["export", "sqlite"] + words.dropFirst(2))
        return options
    }

    /// Words as one command line of the REPL, a word with whitespace in quotes.
    static func commandText(_ words: [String]) -> String {
        words.map { $0.contains(where: \.isWhitespace) ? "\"\($0)\"" : $0 }.joined(separator: " ")
    }
}

/// Problems with the command line itself (exit status 2).
public enum CommandLineError: Error, CustomStringConvertible, Equatable {
    case unknownOption(String)
    case missingValue(String)
    case invalidValue(flag: String, value: String)
    case unexpectedArgument(String)
    /// Arguments a subcommand (`export`) cannot use, with its usage.
    case usage(String)

    public var description: String {
        switch self {
        case let .unknownOption(option): return "unknown option '\(option)'"
        case let .missingValue(flag): return "\(flag) needs a value"
        case let .invalidValue(flag, value): return "invalid value '\(value)' for \(flag)"
        case let .usage(text): return text
        case let .unexpectedArgument(argument): return "unexpected argument '\(argument)' (only one FILE can be given; to compare two: realm-browser diff A B)"
        }
    }
}
