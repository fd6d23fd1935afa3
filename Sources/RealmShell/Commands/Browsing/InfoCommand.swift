import RealmFormat

/// `info`: what the file is, physically: size, format, version, history, free space.
enum InfoCommand {
    static let spec = CommandSpec(
        name: "info", aliases: [], arguments: "",
        summary: "file path, size, file format, version, history type, tables",
        access: .oneVersion, completion: .nothing,
        run: { _, session throws(BrowserError) in try run(session) })

    /// The file's size on disk: for an encrypted file, with its IV tables.
    static func physicalSize(_ file: RealmFile) -> Int {
        file.mapped.decrypted?.physicalSize ?? file.fileSize
    }

    static func run(_ session: Session) throws(BrowserError) {
        let file = try session.requireCatalog().file
        // One record: `label  value` lines in table mode; numbers stay numbers in CSV and JSON.
        var fields: [(String, Cell)]
        if let source = file.source {
            // A file of formats 5-11: the original is described, not the image read for it.
            fields = [
                ("path", .string(source.path)),
                ("size", size(physical: source.physicalSize, decrypted: file.isEncrypted ? source.fileSize : nil)),
                ("encryption", encryption(file)),
                ("file format", number(Int64(source.fileFormat), text: OlderFormatText.formatLine(source))),
            ]
            fields += versionFields(source.top, header: source.header, pinned: false)
        } else {
            fields = [
                ("path", .string(file.path)),
                ("size", size(physical: physicalSize(file), decrypted: file.isEncrypted ? file.fileSize : nil)),
                ("encryption", encryption(file)),
                ("file format", number(Int64(file.fileFormat), text: "\(file.fileFormat)" + (file.header.isStreamingForm ? " (streaming form: written by writeCopy or compaction)" : ""))),
            ]
            fields += versionFields(file.top, header: file.header, pinned: file.pinned != nil)
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
        let remarks = file.source?.remarks ?? []
        for (index, remark) in remarks.enumerated() {
            fields.append((remarks.count == 1 ? "note" : "note \(index + 1)", .string(remark)))
        }
        let printer = session.rowPrinter(fields.map { OutputColumn($0.0) }, layout: .record)
        printer.add(fields.map(\.1))
        printer.finish()
    }

    private static func size(physical: Int, decrypted: Int?) -> Cell {
        number(Int64(physical), text: "\(physical) bytes (\(humanReadable(bytes: Int64(physical))))" + (decrypted.map { "; \($0) bytes decrypted" } ?? ""))
    }

    private static func encryption(_ file: RealmFile) -> Cell {
        .string(file.isEncrypted ? "encrypted (AES-256 + HMAC-SHA224, 4 KiB pages)" : "none")
    }

    /// The version, history, top and free-space lines of a top array.
    private static func versionFields(_ top: GroupTop?, header: FileHeader, pinned: Bool) -> [(String, Cell)] {
        guard let top else {
            return [("version", Cell(text: "none: the file has never been committed to", raw: "", json: "null", kind: .null))]
        }
        let history = top.historyType.description + (top.historySchemaVersion.map { ", schema version \($0)" } ?? "")
        return [
            ("version", number(Int64(top.version), text: "\(top.version) (commits since the file was created)")),
            ("history", .string(history)),
            ("top ref", number(Int64(top.ref), text: "\(top.ref) (" + (pinned ? "the registered version's; the header may name a newer one)" : "header slot \(header.selectedSlot))"))),
            ("logical size", number(Int64(top.logicalFileSize), text: "\(top.logicalFileSize) bytes")),
            ("free space", number(Int64(top.freeBytes), text: "\(top.freeBytes) bytes in \(top.freeListEntryCount) free-list entries")),
        ]
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
