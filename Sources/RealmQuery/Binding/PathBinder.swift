import RealmFormat

/// Resolves key paths against the schema of the file, reporting unknown properties and
/// impossible steps at their position in the query.
struct PathBinder {
    let file: RealmFile
    /// Subquery variables in scope and the table of the objects they stand for.
    var variables: [String: Table] = [:]

    func bind(_ path: KeyPath, from table: Table) throws(QueryError) -> BoundPath {
        var components = path.components[...]
        var origin = BoundPath.Origin.root
        var current = table
        if let variable = path.variable {
            guard let variableTable = variables[variable] else {
                throw .invalid(message: "'\(variable)' is not a SUBQUERY variable in scope", range: path.range)
            }
            origin = .variable(variable)
            current = variableTable
            components = components.dropFirst()
        }
        var steps: [BoundPath.Step] = []
        var isMulti = false
        var terminal = TerminalType(elementType: .link, target: current, collection: nil)
        var onObjects = true
        for component in components {
            if case let .property(name) = component.kind, terminal.holdsMixedValue {
                // Through a link held in a Mixed value: the class is known only per object.
                steps.append(.mixedProperty(name))
                for item in component.subscripts {
                    try applySubscript(item, to: &terminal, steps: &steps, onObjects: &onObjects, isMulti: &isMulti, range: component.range)
                }
                continue
            }
            guard onObjects || isDictionaryStep(component) else {
                throw .invalid(message: "'\(text(of: component))' follows a value that is not an object", range: component.range)
            }
            switch component.kind {
            case let .property(name):
                guard let table = terminal.target, onObjects else {
                    throw .invalid(message: "'\(name)' follows a value that is not an object", range: component.range)
                }
                guard let column = table.column(named: name) else {
                    let suggestion = SpellingSuggester.suggestion(for: name, among: table.columns.map(\.name))
                    throw .unknownProperty(className: table.displayName, name: name, suggestion: suggestion, range: component.range)
                }
                steps.append(.property(column))
                let target = column.targetTableKey.flatMap { file.table(withKey: $0) }
                terminal = TerminalType(elementType: column.isLink ? .link : column.type, target: target, collection: column.collection)
                if column.collection == .list || column.collection == .set { isMulti = true }
                onObjects = column.isLink && column.collection != .dictionary
            case let .backlinks(className, property):
                guard let table = terminal.target, onObjects else {
                    throw .invalid(message: "@links must follow an object", range: component.range)
                }
                guard let origin = file.tables.first(where: { $0.className == className }) ?? file.table(named: className) else {
                    throw .invalid(message: "no class named '\(className)' for @links", range: component.range)
                }
                guard let originColumn = origin.column(named: property) else {
                    let suggestion = SpellingSuggester.suggestion(for: property, among: origin.columns.map(\.name))
                    throw .unknownProperty(className: origin.displayName, name: property, suggestion: suggestion, range: component.range)
                }
                guard let backlink = table.backlinkColumns.first(where: {
                    $0.targetTableKey == origin.key && $0.oppositeColumnKey == originColumn.key
                }) else {
                    throw .invalid(message: "\(className).\(property) does not link to \(table.displayName)", range: component.range)
                }
                steps.append(.backlinks(origin: origin, backlinkColumn: backlink))
                terminal = TerminalType(elementType: .link, target: origin, collection: .list)
                isMulti = true
                onObjects = true
            case .allBacklinks:
                guard let table = terminal.target, onObjects else {
                    throw .invalid(message: "@links must follow an object", range: component.range)
                }
                steps.append(.allBacklinks(columns: table.backlinkColumns))
                terminal = TerminalType(elementType: .link, target: nil, collection: .list, isBacklinkCount: true)
                onObjects = false
            case .dictionaryKeys, .dictionaryValues:
                guard terminal.collection == .dictionary else {
                    throw .invalid(message: "\(component.kind == .dictionaryKeys ? "@keys" : "@values") needs a dictionary", range: component.range)
                }
                let keys = component.kind == .dictionaryKeys
                steps.append(keys ? .dictionaryKeys : .dictionaryValues)
                terminal = keys ? TerminalType(elementType: .string, target: nil, collection: nil)
                    : TerminalType(elementType: terminal.elementType, target: terminal.target, collection: nil)
                isMulti = true
                onObjects = !keys && terminal.elementType == .link
            }
            for item in component.subscripts {
                try applySubscript(item, to: &terminal, steps: &steps, onObjects: &onObjects, isMulti: &isMulti, range: component.range)
            }
        }
        return BoundPath(origin: origin, steps: steps, terminal: terminal, isMulti: isMulti, range: path.range)
    }

    private func isDictionaryStep(_ component: KeyPathComponent) -> Bool {
        component.kind == .dictionaryKeys || component.kind == .dictionaryValues
    }

    /// A subscript on a list or dictionary property, or on a Mixed value. A Mixed value may
    /// hold a list or a dictionary nested to any depth (file format 24), so subscripts chain
    /// on it; which shape it holds is known only per object, and a subscript that does not fit
    /// the value (an index into a dictionary, a key into a list, anything into a string)
    /// yields no value.
    private func applySubscript(_ item: Subscript, to terminal: inout TerminalType, steps: inout [BoundPath.Step],
                                onObjects: inout Bool, isMulti: inout Bool, range: SourceRange) throws(QueryError) {
        if terminal.holdsMixedValue {
            switch item {
            case let .index(index): steps.append(.index(index))
            case let .key(key): steps.append(.dictionaryKey(key))
            case .first: steps.append(.first)
            case .last: steps.append(.last)
            case .wildcard:
                steps.append(.allElements)
                isMulti = true
            case .argument, .size:
                throw .invalid(message: "a Mixed value takes [index], ['key'], [FIRST], [LAST] or [*]", range: range)
            }
            return
        }
        guard let collection = terminal.collection else {
            throw .invalid(message: "only lists, dictionaries and Mixed values can be subscripted", range: range)
        }
        switch item {
        case let .key(key) where collection == .dictionary:
            steps.append(.dictionaryKey(key))
        case let .index(index) where collection == .list:
            steps.append(.index(index))
        case .first where collection == .list:
            steps.append(.first)
        case .last where collection == .list:
            steps.append(.last)
        case .wildcard where collection != .set:
            steps.append(.allElements)
            isMulti = true
        default:
            throw .invalid(message: "this subscript does not apply to a \(collection)", range: range)
        }
        terminal.collection = nil
        onObjects = terminal.elementType == .link
    }

    private func text(of component: KeyPathComponent) -> String {
        switch component.kind {
        case let .property(name): return name
        case let .backlinks(className, property): return "@links.\(className).\(property)"
        case .allBacklinks: return "@links"
        case .dictionaryKeys: return "@keys"
        case .dictionaryValues: return "@values"
        }
    }
}

extension TerminalType {
    /// One Mixed value (not a list or dictionary property of Mixed values, but one element).
    var holdsMixedValue: Bool { elementType == .mixed && collection == nil }
}
