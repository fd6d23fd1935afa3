import BrowserKit
import RealmFormat
import RealmQuery
#if canImport(Glibc)
import Glibc
#endif

// realm-bench: times QueryEngine on a fixed set of representative queries over a class
// (default `Item`, the schema of ../shared/fixtures/big.realm) and prints, per query, the
// median time, the result count and the objects scanned per second. A benchmark, not a test:
// build it in release (scripts/bench.sh does, and compares against SQLite; see BENCHMARKS.md).

/// One benchmark query. `name` is the stable identifier scripts/bench_sqlite.py uses to find
/// the SQL equivalent; `ordered` says the result order is defined by the query (SORT/DISTINCT),
/// so a comparison must check the order too, not only the set of keys.
struct BenchQuery {
    let name: String
    let rql: String
    let ordered: Bool
    init(_ name: String, _ rql: String, ordered: Bool = false) {
        self.name = name
        self.rql = rql
        self.ordered = ordered
    }
}

/// The fixed query set, written for `Item` { id (primary key), name, category, price, qty,
/// created, active, tags }. Keep the names in step with the SQL in scripts/bench_sqlite.py.
let queries: [BenchQuery] = [
    BenchQuery("string-eq", "category == 'Books'"),
    BenchQuery("and-double-range", "category == 'Electronics' AND price >= 100 AND price < 200"),
    BenchQuery("pk-eq", "id == 123456"),
    BenchQuery("int-in", "id IN {7, 42, 1000, 65535, 100000, 123456, 199999, 250000}"),
    BenchQuery("int-between", "qty BETWEEN {100, 150}"),
    BenchQuery("contains-c", "name CONTAINS[c] 'kettle'"),
    BenchQuery("like", "name LIKE 'Red * #1?5*'"),
    BenchQuery("beginswith", "name BEGINSWITH 'Smart'"),
    BenchQuery("endswith", "name ENDSWITH '99'"),
    BenchQuery("list-count", "tags.@count >= 3"),
    BenchQuery("any-tag", "ANY tags == 'sale'"),
    BenchQuery("sort-limit", "active == true SORT(price DESC) LIMIT(10)", ordered: true),
    BenchQuery("distinct", "price < 500 DISTINCT(category, active)", ordered: true),
    BenchQuery("date-gt", "created > 2025-06-01@00:00:00"),
    BenchQuery("bool-int", "active == false AND qty > 400"),
    BenchQuery("or-strings", "category == 'Books' OR category == 'Music' OR category == 'Toys'"),
    BenchQuery("not-double", "NOT (price < 900)"),
    BenchQuery("all-objects", "TRUEPREDICATE"),
]

struct Options {
    var path: String?
    var className = "Item"
    var warmup = 1
    var runs = 7
    var only: Set<String>?
    var jsonPath: String?
    var includeKeys = false
    var list = false

    static let usage = """
    Usage: realm-bench [options] FILE.realm
      --runs N        timed runs per query (default 7; the median is reported)
      --warmup N      untimed runs before the timed ones (default 1)
      --class NAME    class to query (default Item; the queries assume big.realm's Item schema)
      --only A,B      run only the named queries (see --list)
      --json FILE     also write the figures as JSON (for scripts/bench.sh)
      --keys          with --json: include every query's result keys (for the SQLite cross-check)
      --list          print the query names and queries, then exit
      --help          this text

    """

    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var rest = arguments[...]
        func value(for flag: String) -> String {
            guard let value = rest.popFirst() else { fail("\(flag) needs a value") }
            return value
        }
        func count(for flag: String, minimum: Int) -> Int {
            let text = value(for: flag)
            guard let number = Int(text), number >= minimum else { fail("\(flag) needs a whole number >= \(minimum), not '\(text)'") }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--runs": options.runs = count(for: argument, minimum: 1)
            case "--warmup": options.warmup = count(for: argument, minimum: 0)
            case "--class": options.className = value(for: argument)
            case "--only": options.only = Set(value(for: argument).split(separator: ",").map(String.init))
            case "--json": options.jsonPath = value(for: argument)
            case "--keys": options.includeKeys = true
            case "--list": options.list = true
            case "-h", "--help":
                print(usage, terminator: "")
                exit(0)
            default:
                if argument.hasPrefix("-") { fail("unknown option '\(argument)'") }
                if options.path != nil { fail("only one file, please") }
                options.path = argument
            }
        }
        return options
    }
}

/// Standard error through the descriptor: Swift 6 rejects the C global `stderr`.
func printError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(2, &bytes, bytes.count)
}

func fail(_ message: String, status: Int32 = 2) -> Never {
    printError("realm-bench: \(message)\n")
    if status == 2 { printError("Try 'realm-bench --help'.\n") }
    exit(status)
}

struct Measurement {
    let query: BenchQuery
    let timesMs: [Double]
    let keys: [Int64]
    var medianMs: Double { median(timesMs) }
    var minMs: Double { timesMs.min() ?? 0 }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func milliseconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) * 1e3 + Double(parts.attoseconds) / 1e15
}

/// Fixed-point text without Foundation: `fixed(3.14159, 2)` is "3.14".
func fixed(_ value: Double, _ decimals: Int) -> String {
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

/// "12.3M/s" style rates.
func rate(_ perSecond: Double) -> String {
    if perSecond >= 1e9 { return fixed(perSecond / 1e9, 2) + "G/s" }
    if perSecond >= 1e6 { return fixed(perSecond / 1e6, 2) + "M/s" }
    if perSecond >= 1e3 { return fixed(perSecond / 1e3, 2) + "k/s" }
    return fixed(perSecond, 0) + "/s"
}

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
}

/// A JSON string literal, escaped as the canonical dumps escape strings.
func jsonString(_ text: String) -> String {
    var out = ""
    CanonicalValueEncoder.appendJSONString(text, to: &out)
    return out
}

// MARK: - Main

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
if options.list {
    for query in queries { print("\(pad(query.name, 18)) \(query.rql)") }
    exit(0)
}
guard let path = options.path else { fail("which .realm file?") }
if let only = options.only {
    let unknown = only.subtracting(queries.map(\.name))
    if !unknown.isEmpty { fail("no query named \(unknown.sorted().joined(separator: ", ")) (see --list)") }
}

#if DEBUG
printError("realm-bench: WARNING: this is a debug build; its figures say nothing about release speed (use -c release)\n")
let buildConfiguration = "debug"
#else
let buildConfiguration = "release"
#endif

let file: RealmFile
do {
    file = try RealmFile(path: path)
} catch {
    fail("\(error)", status: 1)
}
guard let table = file.tables.first(where: { $0.className == options.className }) else {
    fail("\(path) has no class '\(options.className)'", status: 1)
}
let objectCount = table.objects.count
let engine = QueryEngine(file: file)
let selected = queries.filter { options.only?.contains($0.name) ?? true }

print("realm-bench: \(path), class \(options.className), \(objectCount) objects; \(buildConfiguration) build; \(options.warmup) warm-up + \(options.runs) timed runs per query, median reported")
print("time = QueryEngine.run(text, on: table): parse + bind + full scan + SORT/DISTINCT/LIMIT, keys returned as [Int64]; scanned/s = \(objectCount) objects / median")
print("")
let header = "\(pad("query", 18)) \(pad("median ms", 10, right: true)) \(pad("min ms", 10, right: true)) \(pad("results", 8, right: true)) \(pad("scanned/s", 11, right: true))  rql"
print(header)
print(String(repeating: "-", count: header.count + 40))

let clock = ContinuousClock()
var measurements: [Measurement] = []
var totalMedianMs = 0.0
for query in selected {
    var keys: [Int64] = []
    var times: [Double] = []
    do {
        for _ in 0..<options.warmup { keys = try engine.run(query.rql, on: table) }
        for _ in 0..<options.runs {
            let start = clock.now
            keys = try engine.run(query.rql, on: table)
            times.append(milliseconds(clock.now - start))
        }
    } catch {
        fail("query \(query.name) (\(query.rql)) failed:\n\(error.annotated(query: query.rql))", status: 1)
    }
    let measurement = Measurement(query: query, timesMs: times, keys: keys)
    measurements.append(measurement)
    totalMedianMs += measurement.medianMs
    let perSecond = measurement.medianMs > 0 ? Double(objectCount) / (measurement.medianMs / 1e3) : 0
    print("\(pad(query.name, 18)) \(pad(fixed(measurement.medianMs, 2), 10, right: true)) \(pad(fixed(measurement.minMs, 2), 10, right: true)) \(pad(String(keys.count), 8, right: true)) \(pad(rate(perSecond), 11, right: true))  \(query.rql)")
}
print("")
print("sum of medians: \(fixed(totalMedianMs, 1)) ms over \(measurements.count) queries")

if let jsonPath = options.jsonPath {
    var json = "{\n  \"tool\": \"realm-bench\",\n  \"file\": \(jsonString(path)),\n  \"class\": \(jsonString(options.className)),\n"
    json += "  \"objects\": \(objectCount),\n  \"build\": \"\(buildConfiguration)\",\n  \"warmup\": \(options.warmup),\n  \"runs\": \(options.runs),\n  \"queries\": [\n"
    for (index, measurement) in measurements.enumerated() {
        json += "    {\"name\": \(jsonString(measurement.query.name)), \"rql\": \(jsonString(measurement.query.rql)), "
        json += "\"ordered\": \(measurement.query.ordered), \"median_ms\": \(measurement.medianMs), \"min_ms\": \(measurement.minMs), "
        json += "\"times_ms\": [\(measurement.timesMs.map { "\($0)" }.joined(separator: ", "))], \"count\": \(measurement.keys.count)"
        if options.includeKeys { json += ", \"keys\": [\(measurement.keys.map(String.init).joined(separator: ","))]" }
        json += "}" + (index + 1 < measurements.count ? "," : "") + "\n"
    }
    json += "  ]\n}\n"
    guard let handle = fopen(jsonPath, "w") else { fail("cannot write \(jsonPath): \(String(cString: strerror(errno)))", status: 1) }
    fputs(json, handle)
    fclose(handle)
}
