import Foundation
import RealmFormat
@testable import RealmQuery
import Testing
import TestSupport

/// The kernels that test a whole word of packed values at once must answer as the general
/// evaluator does, value by value: `==`/`!=` on integers of every packed width (a block's words
/// tested together for a zero field before any row is looked at), and date windows on leaves
/// of 32-bit seconds (one byte of flags per row from 32-bit interval tests, packed by
/// multiplication), next to leaves of 8-, 16- and 64-bit seconds that take the 64-bit loop.
///
/// On a file of our own: 20,000 objects in leaves of 256, each leaf drawing its values from one
/// pool, so that every width occurs; the date pools hold the ends of the 32-bit range, seconds
/// just past them, and several nanoseconds on the bounds' own seconds; one value in ten is null.
@Suite("Packed word kernels")
struct PackedKernelTests {
    static let objects = 20_000

    /// Per leaf (by its first key / 256, modulo the count), the integers a leaf may hold:
    /// widths 1, 2, 4, 8, 16, 32 and 64.
    static let integerPools: [[Int64]] = [[0, 1], [0, 3, 2], [0, 15, 7], [-128, 127, 0, 5], [-32768, 32767, 250, 0],
                                          [-2_147_483_648, 2_147_483_647, 250, 70_000], [1 << 40, -(1 << 40), 250]]
    /// Seconds per leaf: 32-bit leaves with the range's ends, a leaf past them (64-bit), small
    /// values (8 and 16 bits).
    static let secondPools: [[Int64]] = [[1_700_000_000, 1_700_000_050, 1_700_000_100, 2_147_483_647, 2_147_483_646],
                                         [-2_147_483_648, -2_147_483_647, 0, -1, 5, 1_700_000_000],
                                         [2_147_483_648, -2_147_483_649, 3_000_000_000, 1_700_000_000],
                                         [-5, 0, 5, -1, 100], [-300, 300, 0, 5]]
    static let nanoseconds: [Int32] = [0, 1, 500_000_000, 999_999_999]

    final class Data {
        let directory: ScratchDirectory
        let file: RealmFile

        init() throws {
            directory = try ScratchDirectory()
            var state: UInt64 = 7
            func next() -> UInt64 {
                state &+= 1
                return ByteHash.mix(state)
            }
            func pick<T>(_ pool: [T]) -> T { pool[Int(next() % UInt64(pool.count))] }
            var integers: [NewValue] = []
            var dates: [NewValue] = []
            for key in 0..<PackedKernelTests.objects {
                let leaf = key / 256
                let integerPool = PackedKernelTests.integerPools[leaf % PackedKernelTests.integerPools.count]
                integers.append(next() % 10 == 0 ? .scalar(.null) : .scalar(.int(pick(integerPool))))
                let secondPool = PackedKernelTests.secondPools[leaf % PackedKernelTests.secondPools.count]
                let date = Timestamp(seconds: pick(secondPool), nanoseconds: pick(PackedKernelTests.nanoseconds))
                dates.append(next() % 10 == 0 ? .scalar(.null) : .scalar(.timestamp(date)))
            }
            let table = NewTable(name: "class_Sample", columns: [
                NewColumn(name: "amount", type: .int, isNullable: true),
                NewColumn(name: "taken", type: .timestamp, isNullable: true),
            ], keys: (0..<Int64(PackedKernelTests.objects)).map { $0 }, values: [integers, dates],
               keySequence: Int64(PackedKernelTests.objects))
            let path = directory.path + "/samples.realm"
            try RealmFileWriter().write(tables: [table], to: path)
            file = try RealmFile(path: path)
        }
    }

    @Test("== and != on every packed width, with constants in and out of each width's range")
    func integerEquality() throws {
        let data = try Data()
        let table = try #require(data.file.table(named: "class_Sample"))
        var constants = Set(Self.integerPools.flatMap { $0 })
        constants.formUnion([-1, 4, 16, 128, -129, 32768, 2_147_483_648, 1 << 41])
        for constant in constants.sorted() {
            for op in ["==", "!="] {
                try AgreementCheck.compare("amount \(op) \(constant)", on: table, in: data.file, place: "samples")
            }
        }
        // The pools' values do occur: an equality that matched nothing anywhere would test little.
        #expect(try QueryEngine(file: data.file).run("amount == 250", on: table).count > 500)
        #expect(try QueryEngine(file: data.file).run("amount == 1", on: table).count > 100)
    }

    @Test("date windows on 32-bit seconds and beside them: every bound on and around the range's ends")
    func dateWindows() throws {
        let data = try Data()
        let table = try #require(data.file.table(named: "class_Sample"))
        var queries = ["taken == nil", "taken != nil", "taken == nil OR taken > T1700000000:0",
                       "taken > T3000000001:0", "taken < T-3000000000:0", "taken > T0:0 AND taken < T2147483647:999999999",
                       "taken BETWEEN {T-2147483649:0, T-2147483647:0}", "taken BETWEEN {T2147483646:0, T2147483648:0}",
                       "taken BETWEEN {T1700000000:0, T1700000100:0}", "taken BETWEEN {T-5:0, T5:500000000}",
                       "taken BETWEEN {T2147483647:1, T2147483647:999999999}", "NOT taken >= T1700000050:1"]
        for second: Int64 in [1_700_000_000, 1_700_000_050, 2_147_483_647, 2_147_483_646, -2_147_483_648, -2_147_483_647,
                              2_147_483_648, -2_147_483_649, 0, -1, 5, 300] {
            for (op, nanosecond) in [(">", 0), (">=", 500_000_000), ("<", 1), ("<=", 999_999_999), ("==", 0), ("!=", 0), ("==", 999_999_999)] {
                queries.append("taken \(op) T\(second):\(nanosecond)")
            }
        }
        for query in queries { try AgreementCheck.compare(query, on: table, in: data.file, place: "samples") }
        #expect(try QueryEngine(file: data.file).run("taken >= T2147483647:0", on: table).count > 100)
    }

    @Test("a window clamped to 32 bits holds exactly the 32-bit seconds of the 64-bit one")
    func clamping() throws {
        let edges: [Int64] = [Int64.min, -(1 << 40), -2_147_483_649, -2_147_483_648, -2_147_483_647, -1, 0, 1,
                              2_147_483_646, 2_147_483_647, 2_147_483_648, 1 << 40, Int64.max]
        let probes: [Int32] = [Int32.min, Int32.min + 1, -1, 0, 1, Int32.max - 1, Int32.max]
        for low in edges {
            for high in edges where high >= low {
                let span = UInt64(bitPattern: high &- low)
                let clamped = SecondsWindow32.clamped(low: low, span: span)
                let inside = probes.filter { Int64($0) >= low && Int64($0) <= high }
                if let clamped {
                    let found = probes.filter { UInt32(bitPattern: $0 &- clamped.low) <= clamped.span }
                    #expect(found == inside, "\(low)...\(high)")
                } else {
                    #expect(high < Int64(Int32.min) || low > Int64(Int32.max), "\(low)...\(high) has 32-bit seconds")
                }
            }
        }
    }

    @Test("eight flag bytes pack into eight bits, byte i to bit i")
    func packing() {
        for pattern in 0..<256 {
            var bytes: UInt64 = 0
            for bit in 0..<8 where pattern & (1 << bit) != 0 { bytes |= 1 << UInt64(bit * 8) }
            #expect(WindowNarrowing.packBits(bytes) == UInt64(pattern))
        }
    }
}
