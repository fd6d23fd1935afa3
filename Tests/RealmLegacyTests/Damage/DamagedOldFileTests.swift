import RealmInterchange
import Foundation
import RealmFormat
import RealmLegacy
import Testing
import TestSupport

/// Damaged old files end in an error naming what and where, never in a crash: copies of small
/// fixtures of every layout with bytes overwritten at random (a fixed seed), each opened (the
/// conversion reads everything), dumped and verified. A crash fails the whole test run.
@Suite("Old formats: random damage never crashes", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct DamagedOldFileTests {
    /// SplitMix64: the same damage on every run.
    struct Draws {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("random bytes overwritten: an error or a readable file, never a crash",
          arguments: ["species-f5", "tasks-f6", "tasks-f9", "species-f10", "tasks-f11"])
    func randomDamage(name: String) throws {
        guard Fixtures.requirePresent() else { return }
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: OldFixtures.realmPath(name))))
        let copy = try ScratchCopy(of: name)
        defer { copy.remove() }
        var draws = Draws(state: UInt64(original.count))
        var opened = 0
        var refused = 0
        for _ in 0..<150 {
            var bytes = original
            // 1 to 4 bytes anywhere past the header, or a whole 8-byte word set to a wild value.
            for _ in 0...(draws.next() % 4) {
                let offset = 24 + Int(draws.next() % UInt64(bytes.count - 32))
                if draws.next() % 3 == 0 {
                    let word = draws.next()
                    for index in 0..<8 { bytes[offset & ~7 + index] = UInt8(truncatingIfNeeded: word >> (8 * UInt64(index))) }
                } else {
                    bytes[offset] = UInt8(truncatingIfNeeded: draws.next())
                }
            }
            try Data(bytes).write(to: URL(fileURLWithPath: copy.path))
            do {
                let file = try FileOpening.open(path: copy.path)
                try DumpWriter(file: file).write(tables: file.tables, to: BufferedOutput())
                opened += 1
            } catch {
                refused += 1
            }
            _ = LegacyVerifier.verify(path: copy.path, key: nil)
        }
        #expect(opened + refused == 150)
    }
}
