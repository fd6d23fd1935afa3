/// `recover`: reads what can still be read of a damaged file into tables for the fresh-file
/// writer, and says per class what was saved and what was lost. Reads only; the damaged file
/// is never written.
///
/// The data comes from the header's live top array when it reads as one; when the header or
/// that top is what is damaged, from the newest top array found by searching the file. Every
/// table whose schema can be read is walked leaf by leaf (`TableSalvager`), links are then
/// made to point only at saved objects (`LinkRepair`), and the object store's schema-version
/// table is put back if it was lost, so that the new file is one `verify` passes.
public struct FileSalvager {
    public let path: String
    public let key: EncryptionKey?

    public init(path: String, key: EncryptionKey? = nil) {
        self.path = path
        self.key = key
    }

    public struct Salvage: Sendable {
        public let tables: [NewTable]
        public let report: RecoveryReport

        public init(tables: [NewTable], report: RecoveryReport) {
            self.tables = tables
            self.report = report
        }
    }

    /// `progress` hears the number of objects read so far and how many the tables' trees say
    /// they hold (a guess where they are damaged), so that a caller needs no read of its own
    /// to size a progress bar (which, for an encrypted file, would decrypt it a second time).
    public func salvage(progress: (_ read: Int, _ expected: Int) -> Void = { _, _ in }) throws(RealmFormatError) -> Salvage {
        let mapped = try MappedFile(path: path, key: key, zeroingDamagedPages: true)
        let bytes = mapped.bytes
        if mapped.decrypted == nil, RealmFile.looksEncrypted(bytes) { throw .encryptedWithoutKey(path: path) }
        var header: FileHeader?
        var headerProblem: String?
        do throws(RealmFormatError) {
            header = try FileHeader(file: bytes)
        } catch {
            headerProblem = "\(error)"
        }
        if let header, header.topRef == 0 {
            return Salvage(tables: [], report: RecoveryReport(path: path, source: .header, topRef: 0, version: 0, fileFormat: header.fileFormat,
                                                              headerProblem: nil, damagedPages: [], classes: []))
        }
        let chosen: TopCandidate
        if let header, let live = TopCandidate(ref: header.topRef, origin: .header, file: bytes) {
            chosen = live
        } else {
            if headerProblem == nil, let header {
                headerProblem = "its top ref \(header.topRef) does not lead to a readable top array"
            }
            guard let found = TopCandidate.search(in: bytes, header: header).first else {
                throw .notARealmFile(reason: "the header is damaged (\(headerProblem ?? "?")) and no readable top array was found in the file")
            }
            chosen = found
        }
        let format = header?.fileFormat ?? FileSalvager.guessedFormat(bytes)
        var classes: [ClassRecovery] = []
        let file = RealmFile(salvaging: mapped, header: header ?? FileHeader(assumingTopRef: chosen.ref, fileFormat: format),
                             topRef: chosen.ref, fileFormat: format, names: chosen.names, tableRefs: chosen.tableRefs) { slot, name, error in
            var lost = ClassRecovery(name: FileSalvager.displayName(name))
            lost.tableLost = "table \(slot) could not be read: \(error)"
            classes.append(lost)
        }
        var positions: [UInt32: Int] = [:]
        for (index, table) in file.tables.enumerated() { positions[table.key] = index }
        var read = 0
        let expected = file.tables.reduce(0) { $0 + $1.objects.count }
        var salvagers: [TableSalvager] = []
        for table in file.tables {
            let root = Result<Node?, RealmFormatError> { () throws(RealmFormatError) -> Node? in
                guard case let .ref(raw) = try chosen.tableRefs.slot(table.slot) else { return nil }
                return try bytes.node(at: raw, context: "table \"\(table.name)\"").child(2, "table \"\(table.name)\" objects")
            }
            var salvager = TableSalvager(file: file, table: table, root: root, positions: positions)
            salvager.salvage { count in
                read += count
                progress(read, expected)
            }
            salvagers.append(salvager)
        }
        LinkRepair(kinds: file.tables.map(\.kind)).repair(&salvagers)
        var tables = salvagers.map(FileSalvager.newTable)
        classes = salvagers.map(\.settledRecovery) + classes
        if let restored = FileSalvager.restoredMetadata(tables) {
            tables.append(restored)
            var note = ClassRecovery(name: "metadata")
            note.savedObjects = 1
            note.lostValues = 1
            note.note("the schema version was lost: written as 0 (the app may run its migration again)")
            classes.append(note)
        }
        let source: RecoveryReport.Source = chosen.origin == .header ? .header
            : chosen.origin == .previousHeaderSlot ? .previousVersion : .search
        let report = RecoveryReport(path: path, source: source, topRef: chosen.ref, version: chosen.version, fileFormat: format,
                                    headerProblem: headerProblem, damagedPages: mapped.decrypted?.damagedPages ?? [], classes: classes)
        return Salvage(tables: tables, report: report)
    }

    private static func newTable(_ salvager: TableSalvager) -> NewTable {
        var values: [[NewValue]] = salvager.columns.map { _ in [] }
        for index in values.indices { values[index].reserveCapacity(salvager.rows.count) }
        for row in salvager.rows {
            for (index, value) in row.values.enumerated() { values[index].append(value) }
        }
        let keys = salvager.rows.map(\.key)
        let primaryKey = salvager.table.primaryKey.flatMap { primary in
            salvager.columns.contains { $0.name == primary.name } ? primary.name : nil
        }
        return NewTable(name: salvager.table.name, kind: salvager.table.kind, columns: salvager.columns, primaryKey: primaryKey,
                        keys: keys, values: values, keySequence: ObjectKeys.nextSequence(after: keys, hasPrimaryKey: primaryKey != nil))
    }

    /// An object store reads the schema version from the `metadata` table's one object; a
    /// file with classes and without it is not one an app opens as it was. Nil when nothing
    /// needs restoring.
    private static func restoredMetadata(_ tables: [NewTable]) -> NewTable? {
        guard tables.contains(where: { $0.name.hasPrefix("class_") }), !tables.contains(where: { $0.name == "metadata" }) else { return nil }
        return NewTable(name: "metadata", columns: [NewColumn(name: "version", type: .int)],
                        keys: [0], values: [[.scalar(.int(0))]], keySequence: 1)
    }

    /// The live slot's format byte when the header's mnemonic is what is damaged; 24 (what
    /// every current SDK writes) when that byte is not a format either.
    static func guessedFormat(_ bytes: FileBytes) -> Int {
        let select = ((try? bytes.uint8(at: 23)) ?? 0) & 1
        let format = Int((try? bytes.uint8(at: 20 + Int(select))) ?? 24)
        return FileHeader.readableFormats.contains(format) ? format : 24
    }

    static func displayName(_ tableName: String) -> String {
        tableName.hasPrefix("class_") ? String(tableName.dropFirst(6)) : tableName
    }
}
