import RealmFormat
import RealmQuery
#if canImport(Glibc)
import Glibc
#endif

// realm-bench: times QueryEngine on a set of queries (the built-in set over big.realm's
// `Item`, or `--queries FILE`) and prints, per query, the median time, the result count and
// the objects scanned per second; with `--baseline` it runs another build beside this one.
// A benchmark, not a test: build it in release (scripts/bench.sh; see BENCHMARKS.md).

#if DEBUG
let buildConfiguration = "debug"
#else
let buildConfiguration = "release"
#endif

// The allocator set as realm-browser sets it (RealmFormat's `AllocatorTuning`: freed memory
// up to 64 MB kept for reuse), so that what is timed is what runs. Called directly, not
// through `AllocatorTuning`: scripts/build_baseline.sh builds this harness against older
// engines, which do not have it, and the baseline is then timed with the same setting.
#if canImport(Glibc)
if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
    let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    _ = mallopt(-3, 64 << 20)   // M_MMAP_THRESHOLD (malloc.h, which Swift's Glibc does not include)
    _ = mallopt(-1, 64 << 20)   // M_TRIM_THRESHOLD
}
#endif

let options: BenchOptions
let queries: [BenchQuery]
do {
    options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
    if options.help {
        print(BenchOptions.usage, terminator: "")
        exit(0)
    }
    queries = try options.queries()
} catch {
    BenchText.fail(error.message)
}
if options.list {
    for query in queries { print("\(BenchText.pad(query.name, 18)) \(BenchText.pad(query.className, 16)) \(query.rql)") }
    exit(0)
}
guard let path = options.path else { BenchText.fail("which .realm file?") }
if buildConfiguration == "debug" {
    BenchText.printError("realm-bench: WARNING: this is a debug build; its figures say nothing about release speed (use -c release)\n")
}

let file: RealmFile
do {
    file = try RealmFile(path: path)
} catch {
    BenchText.fail("\(error)", status: 1)
}
var objects: [String: Int] = [:]
for query in queries where objects[query.className] == nil {
    guard let table = file.tables.first(where: { $0.className == query.className }) else {
        BenchText.fail("\(path) has no class '\(query.className)'", status: 1)
    }
    objects[query.className] = table.objects.count
}

// A child of `--baseline`: time the queries quietly and write the report lines.
if let reportPath = options.reportPath {
    let timing = QueryTiming(file: file, warmup: options.warmup, runs: options.runs, budgetMs: options.budget * 1000)
    do {
        var report = ""
        for query in queries { report += BaselineComparison.reportLine(try timing.measure(query)) }
        try BenchText.writeFile(reportPath, report)
    } catch {
        BenchText.fail(error.message, status: 1)
    }
    exit(0)
}

let counts = objects.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
print("realm-bench: \(path) (\(counts) objects); \(buildConfiguration) build; \(options.warmup) warm-up + \(options.runs) timed runs per query, median reported")
print("time = QueryEngine.run(text, on: table): parse + bind + scan + SORT/DISTINCT/LIMIT, keys returned as [Int64]")

if let baseline = options.baseline {
    guard let own = ChildProcess.ownPath() else { BenchText.fail("cannot find this executable's own path", status: 1) }
    print("baseline: \(baseline); each query runs in a fresh process of each build in turn; MB = that process's peak resident memory")
    print("")
    print(BaselineComparison.header)
    do {
        let rows = try BaselineComparison(options: options, ownPath: own, baselinePath: baseline).run(queries)
        print("")
        print(BaselineComparison.summary(rows), terminator: "")
        if let jsonPath = options.jsonPath {
            try BenchText.writeFile(jsonPath, BaselineComparison.json(rows, options: options, objects: objects))
        }
        exit(rows.contains { $0.agrees == false } ? 1 : 0)
    } catch {
        BenchText.fail(error.message, status: 1)
    }
}

print("scanned/s = objects in the class / median")
print("")
let header = "\(BenchText.pad("query", 18)) \(BenchText.pad("median ms", 10, right: true)) \(BenchText.pad("min ms", 10, right: true)) \(BenchText.pad("results", 8, right: true)) \(BenchText.pad("scanned/s", 11, right: true))  rql"
print(header)
print(String(repeating: "-", count: header.count + 40))

let timing = QueryTiming(file: file, warmup: options.warmup, runs: options.runs, budgetMs: options.budget * 1000)
var measurements: [Measurement] = []
for query in queries {
    let measurement: Measurement
    do {
        measurement = try timing.measure(query)
    } catch {
        BenchText.fail(error.message, status: 1)
    }
    measurements.append(measurement)
    let scanned = Double(objects[query.className] ?? 0)
    let perSecond = measurement.medianMs > 0 ? scanned / (measurement.medianMs / 1e3) : 0
    print("\(BenchText.pad(query.name, 18)) \(BenchText.pad(BenchText.fixed(measurement.medianMs, 2), 10, right: true)) "
        + "\(BenchText.pad(BenchText.fixed(measurement.minMs, 2), 10, right: true)) \(BenchText.pad(String(measurement.keys.count), 8, right: true)) "
        + "\(BenchText.pad(BenchText.rate(perSecond), 11, right: true))  \(query.rql)")
}
print("")
let total = measurements.reduce(0) { $0 + $1.medianMs }
print("sum of medians: \(BenchText.fixed(total, 1)) ms over \(measurements.count) queries; peak memory \(BenchText.fixed(Double(ChildProcess.ownPeakKilobytes()) / 1024, 0)) MB")

if let jsonPath = options.jsonPath {
    var json = "{\n  \"tool\": \"realm-bench\",\n  \"file\": \(BenchText.json(path)),\n"
    json += "  \"build\": \"\(buildConfiguration)\",\n  \"warmup\": \(options.warmup),\n  \"runs\": \(options.runs),\n"
    json += "  \"peak_kb\": \(ChildProcess.ownPeakKilobytes()),\n  \"queries\": [\n"
    for (index, measurement) in measurements.enumerated() {
        let query = measurement.query
        json += "    {\"name\": \(BenchText.json(query.name)), \"class\": \(BenchText.json(query.className)), \"objects\": \(objects[query.className] ?? 0), "
        json += "\"rql\": \(BenchText.json(query.rql)), \"ordered\": \(query.ordered), \"median_ms\": \(measurement.medianMs), \"min_ms\": \(measurement.minMs), "
        json += "\"times_ms\": [\(measurement.timesMs.map { "\($0)" }.joined(separator: ", "))], \"count\": \(measurement.keys.count)"
        if options.includeKeys { json += ", \"keys\": [\(measurement.keys.map(String.init).joined(separator: ","))]" }
        json += "}" + (index + 1 < measurements.count ? "," : "") + "\n"
    }
    json += "  ]\n}\n"
    do {
        try BenchText.writeFile(jsonPath, json)
    } catch {
        BenchText.fail(error.message, status: 1)
    }
}
