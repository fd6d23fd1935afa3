import RealmFormat
import RealmQuery

/// The timed runs of one query in this process.
struct Measurement {
    let query: BenchQuery
    let timesMs: [Double]
    let keys: [Int64]

    var medianMs: Double {
        let sorted = timesMs.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var minMs: Double { timesMs.min() ?? 0 }

    /// FNV-1a over the keys in result order: equal results give equal sums, so two builds'
    /// answers can be compared without shipping every key between processes.
    var checksum: UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for key in keys {
            var value = UInt64(bitPattern: key)
            for _ in 0..<8 {
                hash = (hash ^ (value & 0xFF)) &* 0x100_0000_01b3
                value >>= 8
            }
        }
        return hash
    }
}

/// Times `QueryEngine.run(text, on: table)`: parsing, binding, the scan (or index lookup),
/// SORT/DISTINCT/LIMIT and the `[Int64]` of keys, on a file opened once and kept mapped.
struct QueryTiming {
    let file: RealmFile
    let warmup: Int
    let runs: Int
    let budgetMs: Double
    let clock = ContinuousClock()

    func measure(_ query: BenchQuery) throws(BenchFailure) -> Measurement {
        guard let table = file.tables.first(where: { $0.className == query.className }) else {
            throw BenchFailure(message: "query \(query.name): the file has no class '\(query.className)'")
        }
        let engine = QueryEngine(file: file)
        var keys: [Int64] = []
        var times: [Double] = []
        do {
            var spent = 0.0
            for _ in 0..<warmup where spent < budgetMs {
                let start = clock.now
                keys = try engine.run(query.rql, on: table)
                spent += QueryTiming.milliseconds(clock.now - start)
            }
            spent = 0
            for _ in 0..<runs where times.isEmpty || spent < budgetMs {
                let start = clock.now
                keys = try engine.run(query.rql, on: table)
                let elapsed = QueryTiming.milliseconds(clock.now - start)
                times.append(elapsed)
                spent += elapsed
            }
        } catch {
            throw BenchFailure(message: "query \(query.name) (\(query.rql)) failed:\n\(error.annotated(query: query.rql))")
        }
        return Measurement(query: query, timesMs: times, keys: keys)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1e3 + Double(parts.attoseconds) / 1e15
    }
}
