import Foundation
@testable import RealmFormat
import TestSupport
import Testing

/// A new file (compact, upgrade, generate, load) whose writing fails at any call leaves no file
/// behind: neither the target nor the temporary one beside it, and a file it was to replace
/// stays as it was; the error names the target, not the temporary name.
@Suite("New files that fail part-way", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct NewFileFaultTests {
    @Test(arguments: [false, true])
    func aFailedWriteLeavesNoFile(encrypted: Bool) throws {
        guard Fixtures.requirePresent() else { return }
        let tables = try FileCopier(file: try RealmFile(path: Fixtures.realmPath("species"))).tables()
        let key = encrypted ? try EncryptedFixture.key() : nil
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("NewFileFaultTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let existing = directory + "/existing.realm"
        let previous = Data("not replaced".utf8)
        for failing in 1... {
            let target = directory + "/new-\(failing).realm"
            let plan = FaultPlan(failingCall: failing, errorNumber: ENOSPC)
            var failure: RealmFormatError?
            var replacedFailure: RealmFormatError?
            try previous.write(to: URL(fileURLWithPath: existing))
            FaultInjection.$plan.withValue(plan) {
                do throws(RealmFormatError) { try RealmFileWriter().write(tables: tables, to: target, key: key) } catch { failure = error }
            }
            FaultInjection.$plan.withValue(FaultPlan(failingCall: failing, errorNumber: ENOSPC)) {
                do throws(RealmFormatError) { try RealmFileWriter().write(tables: tables, to: existing, overwrite: true, key: key) } catch {
                    replacedFailure = error
                }
            }
            guard plan.calls.count >= failing else {
                #expect(failure == nil && replacedFailure == nil)
                #expect(try RealmFile(path: target, key: key).table(named: "class_Specimen") != nil)
                #expect(failing > 2, "at least a write and a sync")
                break
            }
            let note = Comment(rawValue: "call \(failing) (\(plan.calls[failing - 1])) of \(plan.calls): \(failure.map(\.description) ?? "no error")")
            #expect(failure.map { "\($0)" }?.contains("No space left on device") == true, note)
            #expect(failure.map { "\($0)" }?.contains(target) == true, note)
            #expect(replacedFailure != nil, note)
            #expect(try Data(contentsOf: URL(fileURLWithPath: existing)) == previous, note)
            let left = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            #expect(left == ["existing.realm"], note)
        }
    }
}
