import Foundation
import RealmFormat

/// Generates queries over one class of a fixture from the values it really holds, so that
/// comparisons hit matches, misses, nulls and the ends of every range: each property with
/// every operator it supports, collections with quantifiers and sizes, links one and two
/// levels deep, backlinks, combinations and descriptors. Deterministic.
struct QueryGenerator {
    let file: RealmFile
    let table: Table

    func queries() throws -> [String] {
        var singles: [String] = []
        for column in table.columns {
            singles += try comparisons(on: column, prefix: "", in: table, depth: 0)
        }
        for backlink in table.backlinkColumns {
            singles += try backlinkQueries(backlink)
        }
        var queries = singles
        // Combinations: neighbours in the list mix different properties and kernels.
        for index in stride(from: 0, to: max(0, singles.count - 7), by: 5) {
            queries.append("(\(singles[index])) AND (\(singles[index + 7]))")
            queries.append("(\(singles[index])) OR NOT (\(singles[index + 3]))")
            queries.append("NOT ((\(singles[index + 1])) OR (\(singles[index + 6])))")
        }
        queries += descriptors()
        return queries
    }

    // MARK: - Comparisons

    private func comparisons(on column: Column, prefix: String, in table: Table, depth: Int) throws -> [String] {
        let path = prefix + column.name
        if column.isLink {
            guard let key = column.targetTableKey, let target = file.table(withKey: key) else { return [] }
            var queries: [String] = []
            if column.collection == nil {
                queries += ["\(path) == nil", "\(path) != nil"]
            } else if column.collection != .dictionary {
                queries += ["\(path).@count > 1", "\(path).@count == 0", "\(path).@size >= 3"]
            } else {
                return ["\(path).@count > 0"]
            }
            guard depth < 2 else { return queries }
            for targetColumn in target.columns where !targetColumn.isLink || depth == 0 {
                let nested = try comparisons(on: targetColumn, prefix: path + ".", in: target, depth: depth + 1)
                queries += nested.prefix(depth == 0 ? 12 : 4)
                if column.collection != nil, let first = nested.first, !first.hasPrefix("ANY"), !first.hasPrefix("ALL"), !first.hasPrefix("NONE") {
                    queries += ["ANY \(first)", "ALL \(first)", "NONE \(first)"]
                }
            }
            return queries
        }
        let samples = try self.samples(column, in: table)
        if let kind = column.collection {
            return collectionQueries(path, column, kind, samples)
        }
        return scalarQueries(path, column.type, samples)
    }

    private func scalarQueries(_ path: String, _ type: ColumnType, _ samples: [RealmValue]) -> [String] {
        let literals = samples.compactMap(literal)
        var queries = ["\(path) == nil", "\(path) != nil"]
        switch type {
        case .int, .float, .double, .timestamp:
            for value in literals.prefix(3) {
                for op in ["==", "!=", "<", "<=", ">", ">="] { queries.append("\(path) \(op) \(value)") }
            }
            if literals.count >= 2 {
                queries.append("\(path) BETWEEN {\(literals[0]), \(literals[1])}")
                queries.append("\(path) BETWEEN {\(literals[1]), \(literals[0])}")
                queries.append("\(path) IN {\(literals.prefix(4).joined(separator: ", "))}")
            }
            if type != .timestamp { queries += ["\(path) > 0", "\(path) <= 2.5", "0 < \(path)", "\(path) == -1"] }
            if type == .int {
                // Word-at-a-time equality (`PackedEquality`): constants at and past the edges of
                // each packed width, which no element of a narrower node can hold.
                for constant in ["0", "1", "3", "15", "16", "127", "128", "-128", "-129", "32767", "65536", "-32769",
                                 "2147483647", "2147483648", "-2147483649", "4294967296"] {
                    queries += ["\(path) == \(constant)", "\(path) != \(constant)"]
                }
            }
            if type == .timestamp, case let .timestamp(time)? = samples.first {
                // `SecondsWindow`: bounds on the very second of a value, either side of its
                // nanoseconds, and two bounds together.
                let second = time.seconds
                let nanosecond = Int(time.nanoseconds)
                queries += ["\(path) > T\(second):0", "\(path) >= T\(second):\(nanosecond)", "\(path) < T\(second):\(nanosecond + 1)",
                            "\(path) <= T\(second - 1):999999999", "\(path) BETWEEN {T\(second):0, T\(second):\(nanosecond)}",
                            "\(path) BETWEEN {T\(second - 86400):0, T\(second):0}", "\(path) > T\(second):\(nanosecond) AND \(path) < T\(second + 86400):0"]
            }
        case .bool:
            queries += ["\(path) == true", "\(path) == false", "\(path) != true", "\(path) > false", "\(path) <= true",
                        "\(path) IN {true, nil}", "NOT \(path) == false"]
        case .string:
            for value in samples.prefix(3) {
                guard case let .string(text) = value else { continue }
                queries += stringQueries(path, text)
            }
            queries += ["\(path) CONTAINS ''", "\(path) BEGINSWITH nil", "\(path) LIKE '*'", "\(path) LIKE ''",
                        "\(path).@size > 3", "\(path).@count == 0", "\(path) IN {\(literals.prefix(3).joined(separator: ", ")), nil}"]
        default:
            break
        }
        return queries
    }

    private func stringQueries(_ path: String, _ text: String) -> [String] {
        let characters = Array(text)
        let head = String(characters.prefix(3))
        let tail = String(characters.suffix(2))
        let middle = characters.count > 4 ? String(characters[1..<min(characters.count - 1, 5)]) : text
        var queries = [
            "\(path) == \(quoted(text))", "\(path) != \(quoted(text))", "\(path) ==[c] \(quoted(text.uppercased()))",
            "\(path) !=[c] \(quoted(text.lowercased()))", "\(path) BEGINSWITH \(quoted(head))",
            "\(path) BEGINSWITH[c] \(quoted(head.uppercased()))", "\(path) ENDSWITH \(quoted(tail))",
            "\(path) ENDSWITH[c] \(quoted(tail.uppercased()))", "\(path) CONTAINS \(quoted(middle))",
            "\(path) CONTAINS[c] \(quoted(middle.uppercased()))", "\(path) LIKE \(quoted("*" + middle + "*"))",
            "\(path) LIKE[c] \(quoted("?" + String(characters.dropFirst().prefix(2)).uppercased() + "*"))",
            "\(path) > \(quoted(text))", "\(path) <= \(quoted(head))", "\(path) IN {\(quoted(text)), 'zz'}",
        ]
        if characters.count > 2 { queries.append("\(path) LIKE \(quoted(String(characters.prefix(1)) + "*" + tail))") }
        // `SmallBlobAffix` compares one or two 64-bit words: needles either side of 8 and 16
        // bytes, the whole string, and one byte more than it.
        for length in [1, 7, 8, 9, 15, 16, 17] where length <= characters.count {
            queries += ["\(path) BEGINSWITH \(quoted(String(characters.prefix(length))))",
                        "\(path) ENDSWITH \(quoted(String(characters.suffix(length))))"]
        }
        queries += ["\(path) BEGINSWITH \(quoted(text + "x"))", "\(path) ENDSWITH \(quoted("x" + text))"]
        return queries
    }

    private func collectionQueries(_ path: String, _ column: Column, _ kind: CollectionKind, _ samples: [RealmValue]) -> [String] {
        var queries = ["\(path).@count > 1", "\(path).@count == 0", "\(path).@size >= 3"]
        guard kind != .dictionary, [.int, .bool, .float, .double, .string, .timestamp].contains(column.type) else { return queries }
        let literals = samples.compactMap(literal)
        for value in literals.prefix(2) {
            queries += ["ANY \(path) == \(value)", "ALL \(path) != \(value)", "NONE \(path) == \(value)", "\(path) == \(value)"]
            if column.type == .string, case let .string(text)? = samples.first {
                let head = quoted(String(text.prefix(2)))
                queries += ["ANY \(path) BEGINSWITH \(head)", "ALL \(path) CONTAINS[c] \(head)", "NONE \(path) LIKE '*\(text.prefix(1))*'"]
            } else if column.type != .bool {
                queries += ["ANY \(path) > \(value)", "ALL \(path) <= \(value)", "NONE \(path) < \(value)"]
            }
        }
        if literals.count >= 2, column.type != .string, column.type != .bool {
            queries.append("ANY \(path) BETWEEN {\(literals[0]), \(literals[1])}")
            queries.append("ALL \(path) BETWEEN {\(literals[1]), \(literals[0])}")
        }
        if column.isNullable { queries += ["ANY \(path) == nil", "ALL \(path) != nil"] }
        if [.int, .float, .double].contains(column.type) {
            // Aggregates against the file's own values, 0, a fraction, null, and mirrored.
            for function in ["@min", "@max", "@sum", "@avg"] {
                let aggregate = "\(path).\(function)"
                queries += ["\(aggregate) > 0", "\(aggregate) == nil", "\(aggregate) != 0", "\(aggregate) <= 2.5", "3 < \(aggregate)"]
                for value in literals.prefix(2) { queries += ["\(aggregate) == \(value)", "\(aggregate) >= \(value)"] }
            }
        }
        return queries
    }

    private func backlinkQueries(_ backlink: Column) throws -> [String] {
        guard let originKey = backlink.targetTableKey, let origin = file.table(withKey: originKey), let originName = origin.className,
              let linkColumn = origin.columns.first(where: { $0.key == backlink.oppositeColumnKey }) else { return [] }
        let prefix = "@links.\(originName).\(linkColumn.name)"
        var queries = ["\(prefix).@count > 0", "\(prefix).@count == 0", "\(prefix).@size > 1"]
        for column in origin.columns where !column.isLink && column.collection == nil {
            let nested = try comparisons(on: column, prefix: prefix + ".", in: origin, depth: 1)
            guard let first = nested.first(where: { !$0.hasSuffix("nil") }) else { continue }
            queries += [first, "ANY \(first)", "ALL \(first)", "NONE \(first)"]
        }
        return queries
    }

    // MARK: - Descriptors

    private func descriptors() -> [String] {
        let sortable = table.columns.filter { $0.collection == nil && !$0.isLink && [.int, .bool, .float, .double, .string, .timestamp, .objectId, .uuid, .decimal128].contains($0.type) }
        var queries: [String] = []
        for column in sortable {
            queries += ["TRUEPREDICATE SORT(\(column.name) ASC)", "TRUEPREDICATE SORT(\(column.name) DESC) LIMIT(3)",
                        "TRUEPREDICATE DISTINCT(\(column.name))", "\(column.name) != nil DISTINCT(\(column.name)) SORT(\(column.name) DESC)"]
        }
        for (first, second) in zip(sortable, sortable.dropFirst()) {
            queries += ["TRUEPREDICATE SORT(\(first.name) ASC, \(second.name) DESC)", "TRUEPREDICATE DISTINCT(\(first.name), \(second.name)) LIMIT(5)",
                        "TRUEPREDICATE SORT(\(second.name) DESC) SORT(\(first.name) ASC) LIMIT(7)"]
        }
        // Through single links (one and two hops): every plain property of the target, both
        // directions, with LIMIT, DISTINCT, and next to a key of the class itself.
        for (path, target) in linkPaths(from: table, depth: 2) {
            for property in target.columns where property.collection == nil && !property.isLink {
                let key = "\(path).\(property.name)"
                queries += ["TRUEPREDICATE SORT(\(key) ASC)", "TRUEPREDICATE SORT(\(key) DESC) LIMIT(4)", "TRUEPREDICATE DISTINCT(\(key))"]
                if let own = sortable.first {
                    queries += ["TRUEPREDICATE SORT(\(key) DESC, \(own.name) ASC)", "TRUEPREDICATE SORT(\(own.name) ASC) SORT(\(key) ASC) LIMIT(9)"]
                }
            }
        }
        return queries
    }

    /// Key paths of single links from `table`, up to `depth` hops, with the table each reaches.
    private func linkPaths(from table: Table, depth: Int) -> [(String, Table)] {
        guard depth > 0 else { return [] }
        var paths: [(String, Table)] = []
        for link in table.columns where link.isLink && link.collection == nil {
            guard let key = link.targetTableKey, let target = file.table(withKey: key) else { continue }
            paths.append((link.name, target))
            paths += linkPaths(from: target, depth: depth - 1).map { ("\(link.name).\($0.0)", $0.1) }
        }
        return paths
    }

    // MARK: - Values

    /// Up to eight distinct values of `column` (elements, for collections) from objects spread
    /// over the table.
    private func samples(_ column: Column, in table: Table) throws -> [RealmValue] {
        var values: [RealmValue] = []
        let count = table.objects.count
        guard count > 0 else { return [] }
        let collections = CollectionReader(file: file)
        for step in 0..<16 {
            guard let (leaf, row) = try table.objects.leaf(atPosition: (step * 7919) % count) else { continue }
            let value = try ColumnLeafReader(leaf: leaf, column: column).value(at: row)
            let found: [RealmValue]
            if case let .collection(collection) = value {
                found = collection.kind == .dictionary ? [] : try collections.elements(of: collection)
            } else {
                found = [value]
            }
            for item in found where item != .null && !values.contains(item) { values.append(item) }
            if values.count >= 8 { break }
        }
        return values
    }

    private func literal(_ value: RealmValue) -> String? {
        switch value {
        case let .int(number): return String(number)
        case let .bool(flag): return flag ? "true" : "false"
        case let .float(number): return number.isFinite ? "\(Double(number))" : nil
        case let .double(number): return number.isFinite ? "\(number)" : nil
        case let .string(text): return quoted(text)
        case let .timestamp(time): return "T\(time.seconds):\(time.nanoseconds)"
        default: return nil
        }
    }

    private func quoted(_ text: String) -> String {
        var result = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "'": result += "\\'"
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "'"
    }
}
