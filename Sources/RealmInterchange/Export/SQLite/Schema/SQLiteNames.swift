/// One namespace of SQLite names (the tables and indexes of a file, or the columns of a table),
/// handing out each name once. SQLite compares names without regard to ASCII case (`Dog` and
/// `dog` are one table), so a name already taken in any case gets `_2`, `_3`, ... appended:
/// the first to ask keeps the name, whoever comes later is renamed, and asking in the same order
/// gives the same names every time. Names starting with `sqlite_` are SQLite's own; those get
/// a `_` in front.
struct SQLiteNames {
    private var taken: Set<String> = []

    /// `preferred`, or the name it had to become instead.
    mutating func claim(_ preferred: String) -> String {
        var base = preferred
        if Self.folded(base).hasPrefix("sqlite_") { base = "_" + base }
        var name = base
        var suffix = 2
        while taken.contains(Self.folded(name)) {
            name = base + "_\(suffix)"
            suffix += 1
        }
        taken.insert(Self.folded(name))
        return name
    }

    /// ASCII letters lower-cased, every other character as it is (as SQLite compares names).
    static func folded(_ name: String) -> String {
        String(decoding: name.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// `name` as an SQL identifier: in double quotes, each double quote doubled.
    static func quoted(_ name: String) -> String {
        var text = "\""
        for scalar in name.unicodeScalars {
            if scalar == "\"" { text += "\"\"" } else { text.unicodeScalars.append(scalar) }
        }
        return text + "\""
    }
}
