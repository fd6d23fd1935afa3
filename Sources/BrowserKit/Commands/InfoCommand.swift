import RealmFormat

/// `info`: what the file is, physically: size, format, version, history, free space.
enum InfoCommand {
    static let spec = CommandSpec(
        name: "info", aliases: [], arguments: "",
        summary: "file path, size, file format, version, history type, tables",
        run: { _, session throws(BrowserError) in try run(session) })

    static func run(_ session: Session) throws(BrowserError) {
        let file = try session.requireCatalog().file
        var rows: [(String, String)] = [
            ("path", file.path),
            ("size", "\(file.fileSize) bytes (\(humanReadable(bytes: Int64(file.fileSize))))"),
            ("file format", "\(file.fileFormat)" + (file.header.isStreamingForm ? " (streaming form: written by writeCopy or compaction)" : "")),
        ]
        if let top = file.top {
            rows.append(("version", "\(top.version) (commits since the file was created)"))
            rows.append(("history", top.historyType.description + (top.historySchemaVersion.map { ", schema version \($0)" } ?? "")))
            rows.append(("top ref", "\(top.ref) (header slot \(file.header.selectedSlot))"))
            rows.append(("logical size", "\(top.logicalFileSize) bytes"))
            rows.append(("free space", "\(top.freeBytes) bytes in \(top.freeListEntryCount) free-list entries"))
        } else {
            rows.append(("version", "none: the file has never been committed to"))
        }
        let classCount = file.classTables.count
        rows.append(("tables", "\(file.tables.count) (\(classCount) class\(classCount == 1 ? "" : "es"), \(file.tables.count - classCount) internal)"))
        let width = rows.map(\.0.count).max() ?? 0
        for (label, value) in rows {
            session.output.line(label.padding(to: width) + "  " + value)
        }
    }

    static func humanReadable(bytes: Int64) -> String {
        let units = ["bytes", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 { return "\(bytes) bytes" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
