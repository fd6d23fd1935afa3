import RealmFormat
import RealmLegacy

/// What the browser says about files of formats 5 to 11, which it reads through a format-24
/// image: the notice at open, the lines of `info`, and `help formats`.
enum OlderFormatText {
    /// The one line a user sees when such a file opens.
    static func notice(_ source: ImageSource) -> String {
        var text = "\(source.path): file format \(source.fileFormat), written by \(source.writers); "
            + "read through a format-24 copy made at open, read-only ('upgrade OUT' writes one to edit)"
        if !source.remarks.isEmpty {
            text += "; \(source.remarks.count) remark\(source.remarks.count == 1 ? "" : "s"), see 'info'"
        }
        return text
    }

    /// `info`'s file format line.
    static func formatLine(_ source: ImageSource) -> String {
        "\(source.fileFormat) (written by \(source.writers)); read through a private format-24 copy made when it was opened: "
            + "read-only, the file is never written"
    }

    static let help = """
    Realm files of older formats open like any other, read-only: every command that reads works
    (classes, schema, show, find, count, stats, dump, export, models, diff, verify, serve,
    watch); edits are refused. The file is never written, and nothing is created beside it (no
    lock file): at open it is converted once into a private format-24 copy in $TMPDIR (encrypted
    with the file's key when it is encrypted; removed at once), which every command reads.
    'dump' shows the file as Realm shows it after upgrading a copy ("upgraded_from": N).
    'upgrade OUT' (or 'compact OUT') writes that copy to OUT: a format-24 file to edit, which
    today's Realm SDKs open. Realm's current engine upgrades formats 10 and 11 in place when an
    app opens them, and no current SDK opens formats 5 to 9.

    File formats read:
    \(formatTable)
      20-24  Realm SDKs 10 and later (2020-), read directly; 20-23 read-only ('upgrade OUT')

    'info' says which SDKs wrote the open file, and what Realm's own upgrade would not carry
    over: enumerated strings and format-8 lists it reads wrongly (shown here as the engine that
    wrote the file reads them), old Mixed values it drops. 'verify' checks the old layout
    itself; columns damaged by the upgrade of Realm SDKs of 2020 (formats 10 and 11) are named
    there, their values show as null, and 'recover OUT' saves everything else.

    """

    private static var formatTable: String {
        LegacyFormats.eras.map { era in
            "  \(era.format < 10 ? " " : "")\(era.format)     \(era.sdks) (\(era.core), \(era.years))"
        }.joined(separator: "\n")
    }
}
