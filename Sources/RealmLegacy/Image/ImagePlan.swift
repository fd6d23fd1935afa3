import RealmFormat

/// What an older file becomes: the tables of its format-24 image, each produced a leaf at a
/// time while the writer writes it, the backlink entries gathered beforehand (a target table
/// is written before the links to it are produced), and what the user should be told.
struct ImagePlan {
    var tables: [StreamedTable]
    var backlinks: [BacklinkIndex]
    /// Sentences for `info` and the notice at open: values Realm's own upgrade would lose or
    /// damage, values damaged in the file and shown as null.
    var remarks: [String]
    /// Values the file holds damaged, shown as null (for `recover`'s report).
    var losses: [LostValues] = []
}

/// Values of one column that the file holds damaged, so that they are unknown: the image
/// shows them as null (the column nullable), and `recover` counts them as lost.
struct LostValues: Sendable {
    let table: String
    let column: String
    let count: Int
    /// Where and why, for people: "the leaf at 1234 holds the index 268742672, ...".
    let reason: String

    var remark: String {
        "\(table).\(column): \(count) value\(count == 1 ? "" : "s") unknown (\(reason)); shown as null"
    }
}
