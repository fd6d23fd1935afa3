import Foundation
import Testing
import TestSupport

/// scripts/fuzz.sh accepts the names on FUZZING.md's first line and builds `fuzz-NAME` from
/// Fuzzing/; a harness added to one and not the other would fail only when someone fuzzes it.
@Suite struct FuzzHarnessListTests {
    @Test func everyListedHarnessHasATargetAndEveryTargetIsListed() throws {
        let root = FuzzCrashInputs.packageRoot
        let text = try String(contentsOf: root.appendingPathComponent("FUZZING.md"), encoding: .utf8)
        let firstLine = text.split(separator: "\n", maxSplits: 1).first.map(String.init)
        #expect(firstLine == "harnesses: file query csv json statements")
        let listed = (firstLine ?? "").split(separator: " ").dropFirst().map { "fuzz-" + $0 }
        let targets = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Fuzzing/Sources").path)
            .filter { $0.hasPrefix("fuzz-") }
        #expect(Set(targets) == Set(listed))
        let manifest = try String(contentsOf: root.appendingPathComponent("Fuzzing/Package.swift"), encoding: .utf8)
        for target in listed {
            #expect(manifest.contains(".executableTarget(name: \"\(target)\""), "Fuzzing/Package.swift has no target \(target)")
        }
    }
}
