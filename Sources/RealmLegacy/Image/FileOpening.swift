import RealmFormat

/// Opens a Realm file of any format this tool reads: formats 20 to 24 directly, formats 5 to 11
/// through a format-24 image (`LegacyImage`). Every place that opens a file the user names
/// goes through here, so that an old file opens wherever a new one does.
public enum FileOpening {
    public static func open(path: String, key: EncryptionKey? = nil) throws(RealmFormatError) -> RealmFile {
        let mapped = try MappedFile(path: path, key: key)
        do {
            return try RealmFile(mapped: mapped)
        } catch {
            guard case let .unsupportedFileFormat(format) = error, LegacyFormats.readable.contains(format) else { throw error }
            return try LegacyImage.open(mapped)
        }
    }
}
