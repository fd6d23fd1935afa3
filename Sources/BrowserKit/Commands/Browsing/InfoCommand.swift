import RealmFormat

/// `info`: what the file is, physically: size, format, version, history, free space.
enum InfoCommand {
    static let spec = CommandSpec(
        name: "info", aliases: [], arguments: "",
        summary: "file path, size, file format, version, history type, tables",
        run: { _, session throws(BrowserError) in try run(session) })

    /// The file's size on disk: for an encrypted file, with its IV tables.
    static func physicalSize(_ file: RealmFile) -> Int {
        file.mapped.decrypted?.physicalSize ?? file.fileSize
    }

    static func run(_ session: Session) throws(BrowserError) {
        let file = try session.requireCatalog().file
        // One record: `label  value` lines in table mode; numbers stay numbers in CSV and JSON.
        var fields: [(String, Cell)] = [
            ("path", .string(file.path)),
            ("size", number(Int64(physicalSize(file)), text: "\(physicalSize(file)) bytes (\(humanReadable(bytes: Int64(physicalSize(file)))))"
                + (file.isEncrypted ? "; \(file.fileSize) bytes decrypted" : ""))),
            ("encryption", .string(file.isEncrypted ? "encrypted (AES-256 + HMAC-SHA224, 4 KiB pages)" : "none")),
            ("file format", number(Int64(file.fileFormat), text: "\(file.fileFormat)" + (file.header.isStreamingForm ? " (streaming form: written by writeCopy or compaction)" : ""))),
        ]
        if let top = file.top {
            fields.append(("version", number(Int64(top.version), text: "\(top.version) (commits since the file was created)")))
            let history = top.historyType.description + (top.historySchemaVersion.map { ", schema version \($0)" } ?? "")
            fields.append(("history", .string(history)))
            fields.append(("top ref", number(Int64(top.ref), text: "\(top.ref) (" + (file.pinned == nil ? "header slot \(file.header.selectedSlot))" : "the registered version's; the header may name a newer one)"))))
            fields.append(("logical size", number(Int64(top.logicalFileSize), text: "\(top.logicalFileSize) bytes")))
            fields.append(("free space", number(Int64(top.freeBytes), text: "\(top.freeBytes) bytes in \(top.freeListEntryCount) free-list entries")))
        } else {
            fields.append(("version", Cell(text: "none: the file has never been committed to", raw: "", json: "null", kind: .null)))
        }
        switch session.appPresence {
        case .unknown:
            break
        case .none:
            fields.append(("app", .string("no Realm app has the file open")))
        case let .joined(participants, version):
            fields.append(("app", .string("a Realm app has the file open (\(participants) participants in its lock file, this session included)")))
            fields.append(("read version", number(Int64(bitPattern: version), text: "\(version) (registered in the app's lock file while a command reads)")))
        case let .notJoined(reason):
            fields.append(("app", .string("a Realm app has the file open; read unregistered (\(reason))")))
        }
        let classCount = file.classTables.count
        fields.append(("tables", number(Int64(file.tables.count), text: "\(file.tables.count) (\(classCount) class\(classCount == 1 ? "" : "es"), \(file.tables.count - classCount) internal)")))
        let printer = session.rowPrinter(fields.map { OutputColumn($0.0) }, layout: .record)
        printer.add(fields.map(\.1))
        printer.finish()
    }

    /// A number explained for people (`262144 bytes (256.0 KiB)`), bare for programs.
    private static func number(_ value: Int64, text: String) -> Cell {
        Cell(text: text, raw: String(value), json: String(value), kind: .number)
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
