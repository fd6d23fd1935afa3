import RealmFormat
import RealmQuery

/// Key paths by the schema: `category.na` → `category.name` from Specimen, following links and
/// lists of links to their target class, and the collection operators after a collection.
///
/// Completion works from the schema rather than from objects, so a path through a null link
/// or an empty list still completes.
struct KeyPathCompletion {
    let file: RealmFile

    /// Candidates for `word`, a key path being typed relative to `table`.
    func candidates(for word: String, from table: Table) -> [String] {
        let segments = Self.segments(of: word)
        guard let partial = segments.last else { return [] }
        var current: Table? = table
        var previous: Column?
        for segment in segments.dropLast() {
            let name = Self.stripSubscript(segment)
            if name.hasPrefix("@") {
                // `@values`/`@keys` keep the dictionary's element class; other operators end the path.
                guard name == "@values" || name == "@keys" else { return [] }
                continue
            }
            guard let from = current, let column = from.column(named: name) else { return [] }
            previous = column
            // A collection of values offers only its operators; a link goes on to its target.
            current = column.isLink ? column.targetTableKey.flatMap { file.table(withKey: $0) } : nil
            if current == nil && column.collection == nil { return [] }
        }
        let base = segments.dropLast().map { $0 + "." }.joined()
        var names = current?.columns.map(\.name) ?? []
        if let previous, previous.collection != nil { names += Self.collectionOperators(for: previous) }
        return names.filter { $0.hasPrefix(partial) }.map { base + $0 }
    }

    /// The column a complete key path ends at (nil for an operator such as `@count`, or when
    /// the path does not exist).
    func column(at path: String, from table: Table) -> Column? {
        var current = table
        var found: Column?
        for segment in Self.segments(of: path) {
            let name = Self.stripSubscript(segment)
            if name == "@values" || name == "@keys" { continue }
            guard !name.hasPrefix("@") else { return nil }
            guard let column = current.column(named: name) else { return nil }
            found = column
            if column.isLink, let key = column.targetTableKey, let target = file.table(withKey: key) { current = target }
        }
        return found
    }

    /// Operators Realm's query language accepts after a collection property.
    static func collectionOperators(for column: Column) -> [String] {
        var operators = ["@count", "@size"]
        // Only the aggregates Realm accepts on these elements (dates and strings have none).
        let elementType: ColumnType = column.isLink ? .link : column.type
        operators += AggregateFunction.allCases.filter { AggregateRules.accepts($0, elementType, .values) }.map(\.rawValue)
        if column.collection == .dictionary { operators += ["@keys", "@values"] }
        return operators
    }

    /// `tasks[2].name` → `tasks[2]`, `name`: dots inside brackets or quotes do not split.
    static func segments(of path: String) -> [String] {
        var segments: [String] = []
        var current = ""
        var depth = 0
        var quote: Character?
        for character in path {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "[" {
                depth += 1
            } else if character == "]" {
                depth = max(0, depth - 1)
            } else if character == "." && depth == 0 {
                segments.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        segments.append(current)
        return segments
    }

    /// `tasks[2]` → `tasks`, `Specimen[_key = 3]` → `Specimen`.
    static func stripSubscript(_ segment: String) -> String {
        guard let open = segment.firstIndex(of: "[") else { return segment }
        return String(segment[..<open])
    }
}
