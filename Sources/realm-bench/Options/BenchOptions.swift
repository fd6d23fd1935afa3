/// realm-bench's command line.
struct BenchOptions {
    var path: String?
    var className = "Item"
    var warmup = 1
    var runs = 7
    /// Seconds of timed runs per query after which no further run starts (at least one runs).
    var budget = 60.0
    var only: [String]?
    var queriesPath: String?
    var baseline: String?
    var jsonPath: String?
    var reportPath: String?
    var includeKeys = false
    var list = false
    var help = false

    static let usage = """
    Usage: realm-bench [options] FILE.realm
      --runs N          timed runs per query (default 7; the median is reported)
      --warmup N        untimed runs before the timed ones (default 1)
      --budget SECONDS  no further timed run of a query starts after this long (default 60;
                        at least one runs), so that a slow baseline does not take hours
      --class NAME      class of the built-in queries (default Item, big.realm's schema)
      --queries FILE    the queries of FILE instead of the built-in set: lines
                        'Class<TAB>query' (named line1, line2, ...) or 'name<TAB>Class<TAB>query';
                        '#' starts a comment line
      --only A,B        run only the named queries (see --list)
      --baseline BIN    also run another realm-bench build (e.g. scripts/build_baseline.sh's)
                        on the same queries, side by side: each query runs in a fresh process
                        of each build in turn, and the table shows both times, the speedup,
                        whether the results agree and each process's peak memory
      --json FILE       also write the figures as JSON (for scripts/bench.sh)
      --keys            with --json: include every query's result keys (for the SQLite cross-check)
      --list            print the query names and queries, then exit
      --help            this text

    """

    static func parse(_ arguments: [String]) throws(BenchFailure) -> BenchOptions {
        var options = BenchOptions()
        var rest = arguments[...]
        func value(for flag: String) throws(BenchFailure) -> String {
            guard let value = rest.popFirst() else { throw BenchFailure(message: "\(flag) needs a value") }
            return value
        }
        func count(for flag: String, minimum: Int) throws(BenchFailure) -> Int {
            let text = try value(for: flag)
            guard let number = Int(text), number >= minimum else {
                throw BenchFailure(message: "\(flag) needs a whole number >= \(minimum), not '\(text)'")
            }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--runs": options.runs = try count(for: argument, minimum: 1)
            case "--warmup": options.warmup = try count(for: argument, minimum: 0)
            case "--budget":
                let text = try value(for: argument)
                guard let seconds = Double(text), seconds > 0 else { throw BenchFailure(message: "--budget needs a number of seconds > 0, not '\(text)'") }
                options.budget = seconds
            case "--class": options.className = try value(for: argument)
            case "--queries": options.queriesPath = try value(for: argument)
            case "--only": options.only = try value(for: argument).split(separator: ",").map(String.init)
            case "--baseline": options.baseline = try value(for: argument)
            case "--json": options.jsonPath = try value(for: argument)
            case "--report": options.reportPath = try value(for: argument)
            case "--keys": options.includeKeys = true
            case "--list": options.list = true
            case "-h", "--help": options.help = true
            default:
                if argument.hasPrefix("-") { throw BenchFailure(message: "unknown option '\(argument)'") }
                if options.path != nil { throw BenchFailure(message: "only one file, please") }
                options.path = argument
            }
        }
        return options
    }

    /// The arguments that make another realm-bench time `query` exactly as this one would.
    func childArguments(for query: BenchQuery, report: String) -> [String] {
        var arguments = ["--runs", String(runs), "--warmup", String(warmup), "--budget", String(budget),
                         "--class", className, "--only", query.name, "--report", report]
        if let queriesPath { arguments += ["--queries", queriesPath] }
        if let path { arguments.append(path) }
        return arguments
    }

    /// The queries selected by `--queries`, `--class` and `--only`.
    func queries() throws(BenchFailure) -> [BenchQuery] {
        var all = BenchQuery.builtIn(className: className)
        if let queriesPath {
            guard let text = BenchText.readFile(queriesPath) else { throw BenchFailure(message: "cannot read \(queriesPath)") }
            all = try BenchQuery.load(text, source: queriesPath)
        }
        guard let only else { return all }
        let unknown = only.filter { name in !all.contains { $0.name == name } }
        if !unknown.isEmpty { throw BenchFailure(message: "no query named \(unknown.joined(separator: ", ")) (see --list)") }
        return all.filter { only.contains($0.name) }
    }
}
