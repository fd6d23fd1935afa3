// realm-app-double REALM CLASS PROPERTY: plays a running Realm app for the tests of reading beside
// one (issue 13). It opens REALM's session as its initiator (realm-file-format.md §10.1), then
// commits in place, each commit swapping the int PROPERTY of two CLASS objects (so the multiset
// of values never changes), reusing freed space as a realm-core writer does: only space freed
// up to the oldest version a registered reader holds.
//
// Commands on standard input, one per line; each is answered by one line on standard output:
//   rate N      commit N times a second from now on (0 stops)      -> ok ...
//   rate max    commit back to back from now on                     -> ok ...
//   commit N    N commits at once                                   -> ok ...
//   report      the state                                           -> ok ...
//   quit        close the session (release the shared lock), exit   -> ok ...
// where "ok ..." is `ok version=V size=S commits=C held=H participants=P frozen=F`:
// the newest version, its logical file size, commits made, commits made while a reader held an
// older version, the lock file's participant count and the sum of its count_frozen fields.
import Foundation
import Glibc
@_spi(SessionWriter) import RealmFormat
import TestSupport

struct DoubleError: Error, CustomStringConvertible {
    let description: String
}

final class AppDouble {
    let path: String
    let className: String
    let property: String
    let session: LockFileInitiator
    var commits = 0
    var heldCommits = 0
    /// A fixed-seed generator: the same run swaps the same objects.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    init(path: String, className: String, property: String) throws {
        self.path = path
        self.className = className
        self.property = property
        let file = try RealmFile(path: path)
        guard let top = file.top else { throw DoubleError(description: "\(path) has no top") }
        session = try LockFileInitiator(realmPath: path, versions: [(UInt64(top.version), UInt64(file.topRef), UInt64(top.logicalFileSize))])
        // The initiator registers its versions as live reads; this app holds no read.
        session.withVersionList {
            session.store(UInt32(0), at: SharedInfoLayout.entryOffset(0) + SharedInfoLayout.Entry.countLive)
        }
    }

    func nextRandom(below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    /// One write transaction: under the write mutex, find what readers hold, swap two values,
    /// commit, publish the new version.
    func commit() throws {
        let writeMutex = session.mutex(at: SharedInfoLayout.writeMutex)
        if pthread_mutex_lock(writeMutex) == EOWNERDEAD { pthread_mutex_consistent(writeMutex) }
        defer { pthread_mutex_unlock(writeMutex) }
        let reachable = session.releaseUnreachableVersions()
        let editor = try FileEditor(path: path, oldestVersionInUse: Int64(reachable.oldestVersion),
                                    checksPlacements: false)
        guard let table = editor.file.table(named: Table.classPrefix + className),
              let column = table.column(named: property), table.objects.count >= 2 else {
            throw DoubleError(description: "no \(className).\(property) with two objects")
        }
        let first = nextRandom(below: table.objects.count)
        let second = (first + 1 + nextRandom(below: table.objects.count - 1)) % table.objects.count
        let (firstKey, firstValue) = try object(at: first, table: table, column: column)
        let (secondKey, secondValue) = try object(at: second, table: table, column: column)
        try editor.set(secondValue, column: column, table: table, key: firstKey)
        try editor.set(firstValue, column: column, table: table, key: secondKey)
        let summary = try editor.commit()
        let committed = try RealmFile(path: path)
        guard let top = committed.top, top.version == summary.version else {
            throw DoubleError(description: "the commit of version \(summary.version) is not the file's top")
        }
        try session.publishCommit(version: UInt64(top.version), topRef: UInt64(committed.topRef), fileSize: UInt64(top.logicalFileSize))
        commits += 1
        if !reachable.heldVersions.isEmpty { heldCommits += 1 }
    }

    private func object(at position: Int, table: Table, column: Column) throws -> (Int64, RealmValue) {
        guard let (leaf, row) = try table.objects.leaf(atPosition: position) else {
            throw DoubleError(description: "no object at position \(position)")
        }
        return (try leaf.key(at: row), try ColumnLeafReader(leaf: leaf, column: column).value(at: row))
    }

    func report() -> String {
        let file = try? RealmFile(path: path)
        let frozen = session.activeEntries().reduce(0) { $0 + Int($1.frozen) }
        return "ok version=\(file?.top?.version ?? 0) size=\(file?.top?.logicalFileSize ?? 0) commits=\(commits) "
            + "held=\(heldCommits) participants=\(session.participants) frozen=\(frozen)"
    }
}

/// One unbuffered line on standard output: the test waits for it.
func answer(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}

/// Reads commands without blocking the commit loop: poll with the time left to the next commit.
func serve(_ app: AppDouble) throws {
    var interval: Double? = nil
    var nextCommit = Date()
    var pending = Data()
    while true {
        var timeout: Int32 = -1
        if let interval {
            timeout = Int32(max(0, nextCommit.timeIntervalSinceNow) * 1000)
            if interval == 0 { timeout = 0 }
        }
        var poller = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        if poll(&poller, 1, timeout) > 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(0, &buffer, buffer.count)
            if count <= 0 { return }
            pending.append(contentsOf: buffer[0..<count])
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                let words = line.split(separator: " ").map(String.init)
                switch (words.first, words.dropFirst().first) {
                case ("rate", "max"?): interval = 0
                case ("rate", let value?):
                    let rate = Double(value) ?? 0
                    interval = rate > 0 ? 1 / rate : nil
                    nextCommit = Date()
                case ("commit", let value?):
                    for _ in 0..<(Int(value) ?? 0) { try app.commit() }
                case ("report", nil): break
                case ("quit", nil):
                    app.session.closeApp()
                    answer(app.report())
                    return
                default: throw DoubleError(description: "unknown command: \(line)")
                }
                answer(app.report())
            }
            continue
        }
        if let interval {
            try app.commit()
            nextCommit = max(nextCommit.addingTimeInterval(interval), Date().addingTimeInterval(-1))
        }
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: realm-app-double REALM CLASS PROPERTY\n".utf8))
    exit(2)
}
do {
    let app = try AppDouble(path: arguments[1], className: arguments[2], property: arguments[3])
    answer("ready " + app.report())
    try serve(app)
} catch {
    FileHandle.standardError.write(Data("realm-app-double: \(error)\n".utf8))
    exit(1)
}
