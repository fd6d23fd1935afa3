import RealmDemo
@testable import RealmShell
import Testing

/// `ValueTally` against the rule it replaced: a dictionary of byte arrays, the most common
/// found by sorting every value (by count, then in byte order), and the Misra-Gries step as
/// "one less for every value, drop those at zero".
@Suite("Value tally")
struct ValueTallyTests {
    /// Byte strings with many repeats: the empty value, values that are prefixes of others,
    /// bytes above 0x7f (memcmp must order them as unsigned), and a few longer than the
    /// arena's largest chunk.
    static func values(seed: UInt64, count: Int) -> [[UInt8]] {
        var generator = SeededGenerator(seed: seed)
        var values: [[UInt8]] = []
        for index in 0..<count {
            if index % 5000 == 4999 {
                values.append(Array(repeating: UInt8(truncatingIfNeeded: generator.next() % 3), count: (4 << 20) + Int(generator.next() % 3)))
                continue
            }
            // Few distinct lengths and bytes, so values repeat and share prefixes.
            let length = Int(generator.next() % 12)
            values.append((0..<length).map { _ in [0x00, 0x41, 0x42, 0x7F, 0x80, 0xFF][Int(generator.next() % 6)] })
        }
        return values
    }

    static func reference(_ counts: [[UInt8]: Int], _ limit: Int) -> [(value: [UInt8], count: Int)] {
        Array(counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.lexicographicallyPrecedes($1.key) }
            .prefix(limit).map { ($0.key, $0.value) })
    }

    static func same(_ left: [(value: [UInt8], count: Int)], _ right: [(value: [UInt8], count: Int)]) -> Bool {
        left.count == right.count && zip(left, right).allSatisfy { $0.value == $1.value && $0.count == $1.count }
    }

    @Test("counts, distinct values and the most common, as a dictionary and a sort give them", arguments: [1, 2, 3])
    func countsAsADictionary(seed: UInt64) {
        let values = Self.values(seed: seed, count: 20_000)
        let tally = ValueTally()
        var counts: [[UInt8]: Int] = [:]
        for value in values {
            value.withUnsafeBytes { tally.add($0) }
            counts[value, default: 0] += 1
        }
        #expect(tally.distinct == counts.count)
        #expect(counts.count > 1000, "enough distinct values to grow the table and the arena")
        // The same values added a leaf's worth at a time (`add(all:)`, which reads slots ahead).
        let batched = ValueTally()
        for start in stride(from: 0, to: values.count, by: 256) {
            let leaf = Array(values[start..<min(start + 256, values.count)])
            var buffers: [UnsafeRawBufferPointer] = []
            var storage: [UnsafeMutableRawBufferPointer] = []
            for value in leaf {
                let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: value.count, alignment: 1)
                value.withUnsafeBytes { copy.copyMemory(from: $0) }
                storage.append(copy)
                buffers.append(UnsafeRawBufferPointer(copy))
            }
            batched.add(all: buffers)
            for copy in storage { copy.deallocate() }
        }
        #expect(batched.distinct == counts.count)
        for limit in [0, 1, 5, 20, counts.count, counts.count + 3] {
            #expect(Self.same(tally.mostCommon(limit), Self.reference(counts, limit)), "limit \(limit)")
            #expect(Self.same(batched.mostCommon(limit), Self.reference(counts, limit)), "batched, limit \(limit)")
        }
    }

    @Test("the Misra-Gries step and a recount keep the values and counts the rule keeps")
    func reducedAndRecounted() {
        let values = Self.values(seed: 9, count: 5000)
        let tally = ValueTally()
        var counts: [[UInt8]: Int] = [:]
        for value in values {
            value.withUnsafeBytes { tally.add($0) }
            counts[value, default: 0] += 1
        }
        tally.reduceCounts(by: 1)
        counts = counts.compactMapValues { $0 > 1 ? $0 - 1 : nil }
        #expect(tally.distinct == counts.count)
        #expect(Self.same(tally.mostCommon(counts.count), Self.reference(counts, counts.count)))

        // Values not held are not added; those held are counted again from zero.
        tally.resetCounts()
        var recounted: [[UInt8]: Int] = [:]
        for value in values.prefix(2000) {
            let counted = value.withUnsafeBytes { tally.add($0, insertingNew: false) }
            #expect(counted == (counts[value] != nil))
            if counts[value] != nil { recounted[value, default: 0] += 1 }
        }
        tally.reduceCounts(by: 0)
        #expect(tally.distinct == recounted.count)
        #expect(Self.same(tally.mostCommon(recounted.count + 1), Self.reference(recounted, recounted.count + 1)))

        // The table still takes new values after its entries were placed anew.
        [UInt8](repeating: 0x33, count: 40).withUnsafeBytes { tally.add($0) }
        #expect(tally.distinct == recounted.count + 1)
    }
}
