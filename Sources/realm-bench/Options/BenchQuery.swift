/// One benchmark query. `name` is the stable identifier scripts/bench_compare.py uses to find
/// the SQL equivalent and `--only` selects by; `ordered` says the result order is defined by
/// the query (SORT/DISTINCT), so a comparison must check the order too.
struct BenchQuery {
    let name: String
    let className: String
    let rql: String
    let ordered: Bool

    init(_ name: String, _ rql: String, className: String = "Item", ordered: Bool = false) {
        self.name = name
        self.className = className
        self.rql = rql
        self.ordered = ordered
    }

    /// The built-in set, written for big.realm's `Item` { id (primary key), name, category,
    /// price, qty, created, active, tags }. Keep the names in step with scripts/bench_compare.py.
    static func builtIn(className: String) -> [BenchQuery] {
        [
            BenchQuery("string-eq", "category == 'Books'", className: className),
            BenchQuery("and-double-range", "category == 'Electronics' AND price >= 100 AND price < 200", className: className),
            BenchQuery("pk-eq", "id == 123456", className: className),
            BenchQuery("int-in", "id IN {7, 42, 1000, 65535, 100000, 123456, 199999, 250000}", className: className),
            BenchQuery("int-between", "qty BETWEEN {100, 150}", className: className),
            BenchQuery("contains-c", "name CONTAINS[c] 'kettle'", className: className),
            BenchQuery("like", "name LIKE 'Red * #1?5*'", className: className),
            BenchQuery("beginswith", "name BEGINSWITH 'Smart'", className: className),
            BenchQuery("endswith", "name ENDSWITH '99'", className: className),
            BenchQuery("list-count", "tags.@count >= 3", className: className),
            BenchQuery("any-tag", "ANY tags == 'sale'", className: className),
            BenchQuery("sort-limit", "active == true SORT(price DESC) LIMIT(10)", className: className, ordered: true),
            BenchQuery("distinct", "price < 500 DISTINCT(category, active)", className: className, ordered: true),
            BenchQuery("date-gt", "created > 2025-06-01@00:00:00", className: className),
            BenchQuery("bool-int", "active == false AND qty > 400", className: className),
            BenchQuery("or-strings", "category == 'Books' OR category == 'Music' OR category == 'Toys'", className: className),
            BenchQuery("not-double", "NOT (price < 900)", className: className),
            BenchQuery("all-objects", "TRUEPREDICATE", className: className),
        ]
    }

    /// Queries from a file of lines `Class<TAB>query` (named by line: `line7`) or
    /// `name<TAB>Class<TAB>query`; blank lines and lines starting with `#` are skipped.
    static func load(_ text: String, source: String) throws(BenchFailure) -> [BenchQuery] {
        var queries: [BenchQuery] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let query: BenchQuery
            switch fields.count {
            case 2: query = BenchQuery("line\(index + 1)", fields[1], className: fields[0])
            case 3: query = BenchQuery(fields[0], fields[2], className: fields[1])
            default:
                throw BenchFailure(message: "\(source):\(index + 1): expected 'Class<TAB>query' or 'name<TAB>Class<TAB>query', found \(fields.count) tab-separated fields")
            }
            guard !query.className.isEmpty, !query.rql.isEmpty else {
                throw BenchFailure(message: "\(source):\(index + 1): the class and the query must not be empty")
            }
            if queries.contains(where: { $0.name == query.name }) {
                throw BenchFailure(message: "\(source):\(index + 1): a second query named '\(query.name)'")
            }
            let upper = query.rql.uppercased()
            let isOrdered = upper.contains("SORT(") || upper.contains("DISTINCT(")
            queries.append(BenchQuery(query.name, query.rql, className: query.className, ordered: isOrdered))
        }
        guard !queries.isEmpty else { throw BenchFailure(message: "\(source) holds no queries") }
        return queries
    }
}

/// A reason to stop the benchmark, said in one line.
struct BenchFailure: Error {
    let message: String
}
