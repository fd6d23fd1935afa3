/// The older file a `RealmFile` stands for when what it reads is a private format-24 image of
/// it (file formats 5 to 11, converted by the RealmLegacy target when the file is opened).
///
/// Every command then reads the image with the whole engine, but the user's file is the
/// original: its path is the one shown, watched for commits and reopened, its version is the
/// one a reload compares, and `info` describes it. The image is never written through either:
/// edits are refused, since Realm's own engine would upgrade the original instead.
public struct ImageSource: Sendable {
    /// The original file's path.
    public let path: String
    /// Its file format (5 to 11).
    public let fileFormat: Int
    /// Its live version when the image was made: when it moves, the session converts again.
    public let version: FileVersion
    /// Its header and top array, for `info`.
    public let header: FileHeader
    public let top: GroupTop?
    /// Its size on disk (with the IV tables of an encrypted file) and decrypted.
    public let physicalSize: Int
    public let fileSize: Int
    /// The Realm SDK releases that wrote files of this format, for people.
    public let writers: String
    /// What reading it found that the user should know: values Realm's own upgrade would lose
    /// or damage, columns damaged in the file, values left out.
    public let remarks: [String]

    public init(path: String, fileFormat: Int, version: FileVersion, header: FileHeader, top: GroupTop?,
                physicalSize: Int, fileSize: Int, writers: String, remarks: [String]) {
        self.path = path
        self.fileFormat = fileFormat
        self.version = version
        self.header = header
        self.top = top
        self.physicalSize = physicalSize
        self.fileSize = fileSize
        self.writers = writers
        self.remarks = remarks
    }

    /// The sentence every refused edit of such a file gives.
    public var editRefusal: String {
        "\(path) is a format-\(fileFormat) Realm file, read-only here because Realm's current engine would upgrade it in place: "
            + "'upgrade OUT' (or 'compact OUT') writes a format-24 copy that can be edited and that today's Realm SDKs open"
    }
}
