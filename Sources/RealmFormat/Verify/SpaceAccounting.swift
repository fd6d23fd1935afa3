/// The file's space accounting as realm-core's `Group::verify` checks it (format document
/// §8.5): every node reachable from the top lies inside `[24, logical size)`, is reached once,
/// overlaps nothing, the free lists are consistent, and nodes plus free entries cover the whole
/// range exactly once. It reads node headers itself rather than through the table readers, so
/// it sees every node (history, free lists, search indexes), not only those a read touches.
public enum SpaceAccounting {
    public struct Report: Sendable {
        public let nodeCount: Int
        public let freeEntries: Int
        public let logicalSize: Int
        public let fileFormat: Int
        /// The byte range of every node reachable from the top, in file order.
        public let nodes: [Range<Int>]
        /// The free-list entries: range and version.
        public let freeList: [(range: Range<Int>, version: Int64)]
        /// The top array's version slot (1 when absent).
        public let version: Int64
        /// Empty when the accounting is exact.
        public let problems: [VerificationProblem]
    }

    /// The first problems of a report, thrown by `verify` for callers that need the file to be
    /// sound (tests of the writer).
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Problems beyond this many are counted, not listed: one misplaced node can make every
    /// later one overlap.
    static let listedProblems = 100

    /// Checks bytes the caller holds (a file read whole, a decrypted image).
    public static func verify(_ bytes: [UInt8]) throws(Failure) -> Report {
        let report = bytes.withUnsafeBytes { check(FileBytes(unsafeBytes: $0)) }
        guard report.problems.isEmpty else {
            throw Failure(description: report.problems.prefix(5).map(\.description).joined(separator: "; "))
        }
        return report
    }

    /// The accounting of the version whose top array is at `topRef` (the header's when nil).
    /// It holds unchanged for the older formats RealmLegacy reads (legacy document L§0), which
    /// pass `formats`.
    public static func check(_ file: FileBytes, topRef: Int64? = nil, formats: ClosedRange<Int> = FileHeader.readableFormats) -> Report {
        var problems: [VerificationProblem] = []
        func failed(_ offset: Int?, _ message: String) -> Report {
            problems.append(VerificationProblem(.space, offset: offset, message))
            return Report(nodeCount: 0, freeEntries: 0, logicalSize: 0, fileFormat: 0, nodes: [], freeList: [], version: 0,
                          problems: problems)
        }
        let header: FileHeader
        do { header = try FileHeader(file: file, readable: formats) } catch { return failed(0, "no readable header: \(error.problemMessage)") }
        let topRef = Int(clamping: topRef ?? header.topRef)
        let reader = RawNodeReader(file: file)
        guard let top = reader.node(at: topRef), top.hasRefs, GroupTop.validSizes.contains(top.size),
              let logicalValue = reader.element(top, 2) else {
            return failed(topRef, "the top array is not readable")
        }
        let logicalSize = Int(clamping: logicalValue >> 1)
        guard logicalSize <= file.count, logicalSize % 8 == 0, logicalSize >= 24 else {
            return failed(topRef, "logical size \(logicalSize) in a file of \(file.count) bytes")
        }

        var intervals: [(start: Int, end: Int, isNode: Bool)] = []
        var pending = [(ref: topRef, parent: 0)]
        var visited = Set<Int>()
        while let (ref, parent) = pending.popLast() {
            guard visited.insert(ref).inserted else {
                problems.append(VerificationProblem(.space, offset: ref, "the node is reached twice (again from the node at \(parent))"))
                continue
            }
            guard let current = reader.node(at: ref) else {
                problems.append(VerificationProblem(.space, offset: ref, "the node at \(parent) refers here, to no readable node"))
                continue
            }
            intervals.append((ref, ref + current.byteSize, true))
            guard current.hasRefs else { continue }
            for index in 0..<current.size {
                guard let value = reader.element(current, index) else {
                    problems.append(VerificationProblem(.space, offset: ref, "element \(index) is unreadable"))
                    break
                }
                if value != 0 && value & 1 == 0 { pending.append((Int(clamping: value), ref)) }
            }
        }
        var freeList: [(range: Range<Int>, version: Int64)] = []
        if top.size >= 5 {
            let freeLists = FreeListReader(reader: reader, top: top)
            switch freeLists.entries() {
            case let .success(entries):
                for entry in entries {
                    intervals.append((entry.range.lowerBound, entry.range.upperBound, false))
                    freeList.append(entry)
                }
            case let .failure(problem):
                problems.append(problem)
            }
        }
        problems += coverage(of: &intervals, logicalSize: logicalSize)
        let version = top.size >= 7 ? (reader.element(top, 6) ?? 2) >> 1 : 1
        if problems.count > listedProblems {
            let more = problems.count - listedProblems
            problems = Array(problems.prefix(listedProblems))
            problems.append(VerificationProblem(.space, "... and \(more) more space problems"))
        }
        let nodes = intervals.filter(\.isNode).map { $0.start..<$0.end }
        return Report(nodeCount: visited.count, freeEntries: freeList.count, logicalSize: logicalSize, fileFormat: header.fileFormat,
                      nodes: nodes, freeList: freeList, version: version, problems: problems)
    }

    /// Sorts the intervals and reports every gap, overlap and interval outside the file.
    private static func coverage(of intervals: inout [(start: Int, end: Int, isNode: Bool)], logicalSize: Int) -> [VerificationProblem] {
        intervals.sort { $0.start < $1.start }
        var problems: [VerificationProblem] = []
        var covered = 24
        for interval in intervals {
            let what = interval.isNode ? "node" : "free entry"
            guard interval.start >= 24, interval.end <= logicalSize else {
                problems.append(VerificationProblem(.space, offset: interval.start,
                                                    "\(what) \(interval.start)..<\(interval.end) lies outside [24, \(logicalSize))"))
                continue
            }
            if interval.start < covered {
                problems.append(VerificationProblem(.space, offset: interval.start,
                                                    "\(what) \(interval.start)..<\(interval.end) overlaps what ends at \(covered)"))
            } else if interval.start > covered {
                problems.append(VerificationProblem(.space, offset: covered,
                                                    "bytes \(covered)..<\(interval.start) belong to no node and no free entry"))
            }
            covered = max(covered, interval.end)
        }
        if covered < logicalSize {
            problems.append(VerificationProblem(.space, offset: covered, "bytes \(covered)..<\(logicalSize) belong to no node and no free entry"))
        }
        return problems
    }
}
