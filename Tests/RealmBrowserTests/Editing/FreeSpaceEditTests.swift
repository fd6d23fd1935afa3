import RealmFormat
import Foundation
import Testing
import TestSupport

/// Edits from the command line reuse the file's free space: a script of many `set`s, piped in
/// as a user would, leaves a file no bigger than one growth of the original.
@Suite("Edits reuse free space, end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct FreeSpaceEditTests {
    @Test func pipedEditsKeepTheFileSize() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try ExecutableTests.workingCopy(of: "tasks", suite: "FreeSpaceEdit")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let executable = ExecutableTests()

        // tasks.realm: 8 KiB, version 4, 26 tasks. 150 commits, one field each.
        let script = (1...150).map { round in
            round % 3 == 0 ? "set Task[_key = \(round % 26)].isCompleted = \(round % 2 == 0)\n"
                : "set Task[_key = \(round % 26)].name = \"task edited in round \(round)\"\n"
        }.joined()
        let edits = try executable.run([path], input: script)
        #expect(edits.status == 0, "\(edits.standardError)")
        let lines = edits.standardOutput.split(separator: "\n")
        #expect(lines.count == 150)
        #expect(lines.last?.contains("committed version 154,") == true, "\(lines.last ?? "")")

        // One doubling at most (8 KiB → 16 KiB, §8.1), where appending would have added ~100 KB.
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? -1
        #expect(size <= 16384, "the file is \(size) bytes after 150 commits")
        let report = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        let info = try executable.run([path, "-c", "info"])
        #expect(info.standardOutput.contains("logical size  \(report.logicalSize) bytes"))
        #expect(info.standardOutput.contains("version       154 "))

        // The last round that touched each task decides its value: names from rounds with
        // round % 3 != 0, isCompleted from rounds with round % 3 == 0 (true for even rounds).
        let count = try executable.run([path, "-c", "count Task name BEGINSWITH 'task edited in round'"])
        let renamedTasks = Set((1...150).filter { $0 % 3 != 0 }.map { $0 % 26 }).count
        #expect(count.standardOutput == "\(renamedTasks)\n")
        let lastRename = try #require((1...150).last { $0 % 3 != 0 && $0 % 26 == 5 })
        let lastFlag = try #require((1...150).last { $0 % 3 == 0 && $0 % 26 == 5 })
        let show = try executable.run([path, "-c", "show Task[_key = 5]"])
        #expect(show.standardOutput.contains("\"task edited in round \(lastRename)\""), "\(show.standardOutput)")
        #expect(show.standardOutput.contains("isCompleted  \(lastFlag % 2 == 0)"), "\(show.standardOutput)")
    }
}
