/// The names Realm's upgrade gives the columns of a format 5-9 table (L§8.2): an empty name
/// becomes `col_<i>`, a name an earlier column already has becomes `<name>_<i>`, `i` being the
/// column index. Format 24 needs unique, non-empty names; the dump shows these.
enum ColumnNaming {
    static func presentedNames(_ names: [String]) -> [String] {
        var taken = Set<String>()
        var result: [String] = []
        for (index, name) in names.enumerated() {
            var presented = name
            if presented.isEmpty {
                presented = "col_\(index)"
            } else if taken.contains(presented) {
                presented = "\(name)_\(index)"
            }
            taken.insert(presented)
            result.append(presented)
        }
        return result
    }
}
