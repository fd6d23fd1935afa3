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
}
