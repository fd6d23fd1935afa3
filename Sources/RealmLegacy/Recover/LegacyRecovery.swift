import RealmFormat

/// `recover` for files of formats 5 to 11. What such a file holds damaged in the wild is
/// values, not structure: enumerated strings whose indexes are wrong (L§10, L§14), which the
/// image already shows as null. So the image, copied as `compact` copies a file, is what can be
/// saved, and the report counts those values as lost, per class, with where they were.
public enum LegacyRecovery {
    /// The salvage of the file at `path` when it is of formats 5 to 11, nil for any other file
    /// (`FileSalvager` takes those, and files whose header or encrypted pages do not read).
    public static func salvage(path: String, key: EncryptionKey?) throws(RealmFormatError) -> FileSalvager.Salvage? {
        guard let format = FileVersion.headerFormat(path: path, key: key), LegacyFormats.readable.contains(format),
              let mapped = try? MappedFile(path: path, key: key),
              let header = try? FileHeader(file: mapped.bytes, readable: LegacyFormats.readable) else { return nil }
        let (image, losses) = try LegacyImage.make(mapped)
        let tables = try FileCopier(file: image).tables()
        let classes = tables.map { table in
            let lost = losses.filter { $0.table == table.name }
            return ClassRecovery(name: table.name.hasPrefix(Table.classPrefix) ? String(table.name.dropFirst(Table.classPrefix.count)) : table.name,
                                 savedObjects: table.keys.count, lostValues: lost.reduce(0) { $0 + $1.count },
                                 reasons: lost.map { "\($0.column): \($0.count) values lost, \($0.reason); written as null" })
        }
        let report = RecoveryReport(path: path, source: .header, topRef: header.topRef, version: image.source?.top?.version ?? 0,
                                    fileFormat: header.fileFormat, headerProblem: nil, damagedPages: [], classes: classes)
        return FileSalvager.Salvage(tables: tables, report: report)
    }
}
