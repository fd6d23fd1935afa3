#if canImport(Glibc)
import Glibc
#endif

/// `--baseline`: each query timed by this build and by another one, in turn, each in a fresh
/// process (the one this file's `main` runs with `--only NAME --report FILE`), so both sides
/// meet the same machine load and each query's peak memory is its own.
struct BaselineComparison {
    /// One side's figures for one query, as its `--report` line gives them.
    struct Side {
        let medianMs: Double
        let minMs: Double
        let runs: Int
        let count: Int
        let checksum: UInt64
        let peakKilobytes: Int
    }

    struct Row {
        let query: BenchQuery
        let this: Side?
        let baseline: Side?

        var speedup: Double? {
            guard let this, let baseline, this.medianMs > 0 else { return nil }
            return baseline.medianMs / this.medianMs
        }

        var agrees: Bool? {
            guard let this, let baseline else { return nil }
            return this.count == baseline.count && this.checksum == baseline.checksum
        }
    }

    let options: BenchOptions
    let ownPath: String
    let baselinePath: String

    func run(_ queries: [BenchQuery]) throws(BenchFailure) -> [Row] {
        var rows: [Row] = []
        let report = "/tmp/realm-bench-\(getpid()).report"
        defer { unlink(report) }
        for (index, query) in queries.enumerated() {
            // Alternate which side goes first, so neither always meets a cold cache or a
            // neighbour's burst.
            let thisFirst = index % 2 == 0
            var this: Side?
            var baseline: Side?
            for side in thisFirst ? [true, false] : [false, true] {
                let result = try measure(side ? ownPath : baselinePath, query, report: report)
                if side { this = result } else { baseline = result }
            }
            let row = Row(query: query, this: this, baseline: baseline)
            rows.append(row)
            BaselineComparison.printRow(row)
            fflush(nil)
        }
        return rows
    }

    private func measure(_ binary: String, _ query: BenchQuery, report: String) throws(BenchFailure) -> Side? {
        unlink(report)
        let outcome = try ChildProcess.run(binary, options.childArguments(for: query, report: report))
        guard outcome.status == 0, let text = BenchText.readFile(report) else { return nil }
        let fields = text.split(separator: "\n").first?.split(separator: "\t").map(String.init) ?? []
        guard fields.count == 6, fields[0] == query.name, let median = Double(fields[1]), let minimum = Double(fields[2]),
              let runs = Int(fields[3]), let count = Int(fields[4]), let checksum = UInt64(fields[5]) else {
            throw BenchFailure(message: "\(binary) wrote a report realm-bench cannot read: \(text)")
        }
        return Side(medianMs: median, minMs: minimum, runs: runs, count: count, checksum: checksum, peakKilobytes: outcome.peakKilobytes)
    }

    /// The line `--report` writes for one measured query.
    static func reportLine(_ measurement: Measurement) -> String {
        "\(measurement.query.name)\t\(measurement.medianMs)\t\(measurement.minMs)\t\(measurement.timesMs.count)\t\(measurement.keys.count)\t\(measurement.checksum)\n"
    }

    static let header: String = {
        let text = "\(BenchText.pad("query", 18)) \(BenchText.pad("this ms", 9, right: true)) \(BenchText.pad("base ms", 9, right: true)) "
            + "\(BenchText.pad("speedup", 8, right: true)) \(BenchText.pad("results", 8, right: true)) \(BenchText.pad("same", 4)) "
            + "\(BenchText.pad("this MB", 7, right: true)) \(BenchText.pad("base MB", 7, right: true))  rql"
        return text + "\n" + String(repeating: "-", count: text.count + 40)
    }()

    static func printRow(_ row: Row) {
        func time(_ side: Side?) -> String {
            guard let side else { return "failed" }
            return BenchText.milliseconds(side.medianMs) + (side.runs < 3 ? "*" : "")
        }
        func megabytes(_ side: Side?) -> String { side.map { BenchText.fixed(Double($0.peakKilobytes) / 1024, 0) } ?? "-" }
        let speedup = row.speedup.map { BenchText.fixed($0, $0 >= 10 ? 0 : 1) + "x" } ?? "-"
        let same = row.agrees.map { $0 ? "yes" : "NO" } ?? "-"
        let results = row.this.map { String($0.count) } ?? (row.baseline.map { String($0.count) } ?? "-")
        print("\(BenchText.pad(row.query.name, 18)) \(BenchText.pad(time(row.this), 9, right: true)) \(BenchText.pad(time(row.baseline), 9, right: true)) "
            + "\(BenchText.pad(speedup, 8, right: true)) \(BenchText.pad(results, 8, right: true)) \(BenchText.pad(same, 4)) "
            + "\(BenchText.pad(megabytes(row.this), 7, right: true)) \(BenchText.pad(megabytes(row.baseline), 7, right: true))  \(row.query.rql)")
    }

    /// The closing lines: the geometric mean of the speedups and any disagreement.
    static func summary(_ rows: [Row]) -> String {
        let speedups = rows.compactMap(\.speedup)
        var text = ""
        if !speedups.isEmpty {
            let logMean = speedups.reduce(0.0) { $0 + log($1) } / Double(speedups.count)
            text += "geometric mean speedup over \(speedups.count) queries: \(BenchText.fixed(exp(logMean), 1))x"
            text += "; slowest: \(BenchText.fixed(speedups.min() ?? 0, 1))x, fastest: \(BenchText.fixed(speedups.max() ?? 0, 1))x\n"
        }
        if rows.contains(where: { $0.this != nil && $0.baseline != nil && $0.agrees == false }) {
            text += "!!! the builds disagree on: " + rows.filter { $0.agrees == false }.map(\.query.name).joined(separator: ", ") + "\n"
        }
        if rows.contains(where: { $0.this?.runs ?? 3 < 3 || $0.baseline?.runs ?? 3 < 3 }) {
            text += "* fewer than 3 timed runs: the --budget ran out\n"
        }
        return text
    }

    static func json(_ rows: [Row], options: BenchOptions, objects: [String: Int]) -> String {
        func side(_ side: Side?) -> String {
            guard let side else { return "null" }
            return "{\"median_ms\": \(side.medianMs), \"min_ms\": \(side.minMs), \"runs\": \(side.runs), \"count\": \(side.count), \"peak_kb\": \(side.peakKilobytes)}"
        }
        var json = "{\n  \"tool\": \"realm-bench\",\n  \"file\": \(BenchText.json(options.path ?? "")),\n  \"baseline\": \(BenchText.json(options.baseline ?? "")),\n"
        json += "  \"warmup\": \(options.warmup),\n  \"runs\": \(options.runs),\n  \"queries\": [\n"
        for (index, row) in rows.enumerated() {
            json += "    {\"name\": \(BenchText.json(row.query.name)), \"class\": \(BenchText.json(row.query.className)), "
            json += "\"objects\": \(objects[row.query.className] ?? 0), \"rql\": \(BenchText.json(row.query.rql)), "
            json += "\"this\": \(side(row.this)), \"baseline\": \(side(row.baseline)), \"same_results\": \(row.agrees.map(String.init) ?? "null")}"
            json += (index + 1 < rows.count ? "," : "") + "\n"
        }
        return json + "  ]\n}\n"
    }
}
