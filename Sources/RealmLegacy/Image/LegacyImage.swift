import RealmFormat

/// Opens a file of formats 5 to 11 by converting it once into a private format-24 image, so
/// that every command (queries, exports, diff, serve, ...) reads it with the engine unchanged.
///
/// Why an image: the old layouts differ from format 24 in everything above the node (tables of
/// column B+trees, subtables, row indexes for keys); reading them in place would mean a second
/// implementation of every reader. The conversion streams: each table is produced a leaf (256
/// objects) at a time straight into `RealmFileWriter`, so memory holds one leaf of values plus
/// the backlink entries (`BacklinkIndex`), never the file. The image lives in a private
/// directory under $TMPDIR, is encrypted with the original's key when there is one (no plain
/// text reaches the disk), and is unlinked as soon as it is mapped. The original is only ever
/// mapped read-only: nothing is written or created beside it.
public enum LegacyImage {
    /// Converts `mapped` (a file of formats 5-11, opened read-only, decrypted with its key)
    /// and opens the image, which presents the original (`RealmFile.source`).
    public static func open(_ mapped: MappedFile) throws(RealmFormatError) -> RealmFile {
        try make(mapped).file
    }

    /// The image and the values it shows as null because the file holds them damaged.
    static func make(_ mapped: MappedFile) throws(RealmFormatError) -> (file: RealmFile, losses: [LostValues]) {
        let bytes = mapped.bytes
        let header = try FileHeader(file: bytes, readable: LegacyFormats.readable)
        let top = header.topRef == 0 ? nil : try GroupTop(ref: header.topRef, file: bytes)
        let plan = try self.plan(mapped, header: header)
        let directory = try ImageDirectory()
        defer { directory.remove() }
        try RealmFileWriter().write(streamedTables: plan.tables, backlinks: plan.backlinks, to: directory.imagePath, key: mapped.key,
                                    durable: false)
        let image = try MappedFile(path: directory.imagePath, key: mapped.key)
        let source = ImageSource(
            path: mapped.path, fileFormat: header.fileFormat,
            version: FileVersion(device: mapped.device, inode: mapped.inode, topRef: header.topRef, version: top?.version ?? 1),
            header: header, top: top, physicalSize: mapped.decrypted?.physicalSize ?? bytes.count, fileSize: bytes.count,
            writers: LegacyFormats.writers(of: header.fileFormat), remarks: plan.remarks)
        return (try RealmFile(mapped: image, source: source), plan.losses)
    }

    /// What the file becomes: the tables of Part I (formats 5-9) or Part II (10, 11) of the
    /// legacy document.
    static func plan(_ mapped: MappedFile, header: FileHeader) throws(RealmFormatError) -> ImagePlan {
        guard header.topRef != 0 else { return ImagePlan(tables: [], backlinks: [], remarks: []) }
        if LegacyFormats.columnStore.contains(header.fileFormat) {
            return try ColumnStoreConversion(file: try ColumnStoreFile(bytes: mapped.bytes, header: header)).plan()
        }
        return try ClusterFormatConversion(file: try RealmFile(mapped: mapped, formats: LegacyFormats.clusterTrees)).plan()
    }
}
