import RealmFormat
import RealmInterchange

/// `stats CLASS [PROPERTY]`: what the values of a class look like without reading them one by
/// one: counts and nulls, min/avg/max/sum of numbers, date ranges, true/false counts, distinct
/// and most common values, collection lengths. One pass over the cluster leaves, column by column.
/// Its figures are public for serve's charts, which show them beside the picture.
public enum StatsCommand {
    /// A class, then one of its properties.
    static let completion = ArgumentCompletion { context in
        if context.position == 0 { return context.classNames() }
        guard context.position == 1, let className = context.argumentWords.first,
              let table = try? context.catalog?.table(named: className) else { return [] }
        return table.columns.map(\.name).filter { $0.hasPrefix(context.word) }
    }

    static let usage = "stats CLASS [PROPERTY]"
    /// Most common values shown per property.
    static let commonValues = 5
    /// Collection lengths listed one by one before the rest are summarised.
    static let listedLengths = 12

    static let spec = CommandSpec(
        name: "stats", aliases: [], arguments: "CLASS [PROPERTY]",
        summary: "statistics of every property of a class (or one): counts, nulls, min/avg/max/sum, distinct and common values, list lengths",
        access: .oneVersion, completion: StatsCommand.completion,
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        let words = StatementSplitter.words(in: arguments)
        guard words.count == 1 || words.count == 2 else { throw .usage(usage) }
        let table = try catalog.table(named: words[0])
        var columns = table.columns
        if words.count == 2 {
            guard let column = table.column(named: words[1]) else { throw .unknownProperty(className: table.displayName, name: words[1]) }
            columns = [column]
        }
        let statistics = columns.map { PropertyStatistics(column: $0) }
        do throws(RealmFormatError) {
            try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
                for property in statistics {
                    try property.add(try LeafValues(leaf: leaf, column: property.column), rows: leaf.count)
                }
            }
        } catch {
            throw .file(error)
        }
        let objects = table.objects.count
        guard session.outputMode == .table else {
            printRows(statistics, table: table, catalog: catalog, session: session)
            return
        }
        session.output.line("\(table.displayName): \(objects) object\(objects == 1 ? "" : "s")")
        for property in statistics {
            session.output.line()
            for line in lines(property, catalog: catalog) { session.output.line(line) }
        }
    }

    /// The block of one property: its name and type, then one `label  value` line per figure.
    static func lines(_ property: PropertyStatistics, catalog: Catalog) -> [String] {
        let rows = figures(property, catalog: catalog)
        let width = rows.map { TextWidth.of($0.0) }.max() ?? 0
        return ["\(property.column.name)  \(typeName(property.column))"]
            + rows.map { "  " + $0.0.padding(to: width) + "  " + $0.1 }
    }

    /// Outside table mode: one row per property and figure (`class`, `property`, `type`,
    /// `statistic`, `value`); in CSV and JSON, figures that are plain numbers stay numbers.
    static func printRows(_ statistics: [PropertyStatistics], table: Table, catalog: Catalog, session: Session) {
        let printer = session.rowPrinter([OutputColumn("class"), OutputColumn("property"), OutputColumn("type"),
                                          OutputColumn("statistic"), OutputColumn("value")])
        for property in statistics {
            for (label, value) in figures(property, catalog: catalog) {
                printer.add([.string(table.displayName), .string(property.column.name), .string(typeName(property.column)), .string(label),
                             Cell.isJSONNumber(value) ? Cell(text: value, json: value, kind: .number) : .string(value)])
            }
        }
        printer.finish()
    }

    /// `list of int`, `string?`: the property's type as stats shows it.
    public static func typeName(_ column: Column) -> String {
        let optional = column.isNullable && column.collection == nil && column.type != .mixed ? "?" : ""
        return (column.collection.map { "\($0.rawValue) of " } ?? "") + SchemaVocabulary.userTypeName(column.type) + optional
    }

    /// One `(label, value)` per figure of a property, by its type.
    public static func figures(_ property: PropertyStatistics, catalog: Catalog) -> [(String, String)] {
        let column = property.column
        var rows: [(String, String)] = [("count", String(property.count)), ("nulls", String(property.nulls))]
        if column.collection != nil {
            rows += collectionRows(property)
        } else {
            switch column.type {
            case .int:
                if let minimum = property.integerMinimum, let maximum = property.integerMaximum {
                    let average = Double(property.integerSum) / Double(property.count)
                    rows += [("min", String(minimum)), ("max", String(maximum)), ("avg", NumberText.text(of: average)),
                             ("sum", String(property.integerSum))]
                }
            case .float, .double:
                if let minimum = property.realMinimum, let maximum = property.realMaximum {
                    rows += [("min", NumberText.text(of: minimum)), ("max", NumberText.text(of: maximum)),
                             ("avg", NumberText.text(of: property.realSum / Double(property.realCount))),
                             ("sum", NumberText.text(of: property.realSum))]
                }
                if property.nans > 0 { rows.append(("nan", "\(property.nans) (left out of min/max/avg/sum)")) }
            case .bool:
                rows += [("true", String(property.trues)), ("false", String(property.falses))]
            case .timestamp:
                if let minimum = property.dateMinimum, let maximum = property.dateMaximum, let average = property.dateAverage {
                    rows += [("min", TimestampFormatter.iso8601(minimum)), ("max", TimestampFormatter.iso8601(maximum)),
                             ("avg", TimestampFormatter.iso8601(average))]
                }
            case .mixed:
                let types = property.types.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                if !types.isEmpty { rows.append(("types", types.map { "\($0.key) \($0.value)" }.joined(separator: ", "))) }
            default:
                rows.append(("distinct", property.frequenciesOverflowed
                    ? "more than \(property.frequencyCapacity ?? 0)" : String(property.distinctValues)))
                let common = property.mostCommon(commonValues).filter { $0.count > 1 }
                if !common.isEmpty {
                    rows.append(("common", common.map { "\(shown($0.value, column: column, catalog: catalog)) (\($0.count))" }.joined(separator: ", ")))
                }
            }
        }
        return rows
    }

    private static func collectionRows(_ property: PropertyStatistics) -> [(String, String)] {
        guard property.count > 0 else { return [] }
        let lengths = property.lengths.sorted { $0.key < $1.key }
        let total = lengths.reduce(0) { $0 + $1.key * $1.value }
        let average = Double(total) / Double(property.count)
        var rows: [(String, String)] = [
            ("min length", String(lengths.first?.key ?? 0)), ("max length", String(lengths.last?.key ?? 0)),
            ("avg length", NumberText.text(of: average)), ("elements", String(total)),
        ]
        var listed = lengths.prefix(listedLengths).map { "\($0.key): \($0.value)" }
        if lengths.count > listedLengths { listed.append("… (\(lengths.count - listedLengths) more lengths)") }
        rows.append(("lengths", listed.joined(separator: ", ")))
        return rows
    }

    /// A value as `stats` lists it among the common ones (strings quoted, links by label).
    public static func shown(_ bytes: [UInt8], column: Column, catalog: Catalog) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        if column.isLink, let target = column.targetTableKey, let key = Int64(text) { return catalog.linkLabel(table: target, key: key) }
        switch column.type {
        case .string: return ValueFormatter().cell(.string(String(decoding: bytes, as: UTF8.self)), link: { _, _ in "" }).quotedForStats
        case .binary: return ValueFormatter().detail(.binary(bytes), link: { _, _ in "" })
        default: return text
        }
    }
}

private extension String {
    var quotedForStats: String { "\"" + self + "\"" }
}
