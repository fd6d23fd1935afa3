/// The 24-byte file header and, for streaming files, the 16-byte footer.
///
/// Realm keeps two top refs and flips a select bit to commit, so "which version is current"
/// is decided here; a reader that picked the wrong slot would show a stale database.
public struct FileHeader: Sendable, Equatable {
    /// Files written by `writeCopy`/compaction keep their top ref in a footer instead.
    public let isStreamingForm: Bool
    public let topRef: Int64
    public let fileFormat: Int
    /// The select bit: which of the two header slots is live.
    public let selectedSlot: Int
    public let topRefs: (Int64, Int64)
    public let formats: (Int, Int)

    static let mnemonic: [UInt8] = Array("T-DB".utf8)
    static let streamingMarker = UInt64.max
    static let footerCookie: UInt64 = 0x3034_1252_37E5_26C8

    /// Reads the header of `file`, which must name one of `readable` (a file never committed to,
    /// top ref 0, may name any).
    public init(file: FileBytes, readable: ClosedRange<Int> = FileHeader.readableFormats) throws(RealmFormatError) {
        guard file.count >= 24 else {
            throw .notARealmFile(reason: "the file is \(file.count) bytes long, shorter than the 24-byte header")
        }
        for (index, expected) in FileHeader.mnemonic.enumerated() {
            guard try file.uint8(at: 16 + index) == expected else {
                throw .notARealmFile(reason: "bytes 16..19 are not the mnemonic \"T-DB\"")
            }
        }
        let rawTop0 = try file.uint64(at: 0)
        let rawTop1 = try file.uint64(at: 8)
        let format0 = Int(try file.uint8(at: 20))
        let format1 = Int(try file.uint8(at: 21))
        let select = Int(try file.uint8(at: 23) & 1)
        topRefs = (Int64(bitPattern: rawTop0), Int64(bitPattern: rawTop1))
        formats = (format0, format1)
        selectedSlot = select
        if select == 0 && rawTop0 == FileHeader.streamingMarker {
            guard file.count >= 40 else {
                throw .notARealmFile(reason: "streaming-form header, but the file is too short for its 16-byte footer")
            }
            guard try file.uint64(at: file.count - 8) == FileHeader.footerCookie else {
                throw .notARealmFile(reason: "streaming-form header, but the footer at offset \(file.count - 16) lacks its magic cookie")
            }
            isStreamingForm = true
            topRef = Int64(bitPattern: try file.uint64(at: file.count - 16))
            fileFormat = format0
        } else {
            isStreamingForm = false
            topRef = select == 0 ? topRefs.0 : topRefs.1
            fileFormat = select == 0 ? format0 : format1
        }
        guard topRef == 0 || readable.contains(fileFormat) else {
            throw .unsupportedFileFormat(fileFormat)
        }
    }

    /// The header recovery assumes when the real one is damaged: one live slot naming the top
    /// array it found.
    init(assumingTopRef topRef: Int64, fileFormat: Int) {
        isStreamingForm = false
        self.topRef = topRef
        self.fileFormat = fileFormat
        selectedSlot = 0
        topRefs = (topRef, 0)
        formats = (fileFormat, fileFormat)
    }

    /// File formats whose structures this reader decodes.
    public static let readableFormats: ClosedRange<Int> = 20...24
    /// Formats 5 to 11 (2016-2021), which RealmLegacy reads through a format-24 image.
    public static let olderFormats: ClosedRange<Int> = 5...11

    public static func == (lhs: FileHeader, rhs: FileHeader) -> Bool {
        lhs.isStreamingForm == rhs.isStreamingForm && lhs.topRef == rhs.topRef
            && lhs.fileFormat == rhs.fileFormat && lhs.selectedSlot == rhs.selectedSlot
    }
}
