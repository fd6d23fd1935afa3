import RealmFormat

/// `set` on collections: one list element (`set Note[0].tags[1] = "x"`), one dictionary entry
/// (`set AllTypes[0].intDict["k"] = 5`, inserted in key order or replaced), or a whole list
/// or set (`set Note[0].tags = {"a", "b"}`).
extension SetCommand {
    static func setElement(_ pathText: String, _ valueText: String, session: Session) throws(BrowserError) {
        let target = try CollectionEditing.target(pathText, session: session, usage: usage)
        let value = try CollectionEditing.element(valueText, for: target, session: session)
        let shown = CollectionEditing.shown(value, session: session)
        if target.holdsNestedCollections && (target.subscripts.count > 1 || target.isMixedValue) {
            // An element of a list or dictionary nested in a Mixed value.
            var steps = try CollectionEditing.steps(target.subscripts)
            let edit: CollectionEdit
            switch steps.removeLast() {
            case let .position(position): edit = .replace(at: position, with: value)
            case let .key(key): edit = .setEntry(key: key, value: value)
            }
            try CollectionEditing.apply(edit, to: target, nested: steps, session: session) { _ in
                "\(target.label)\(target.subscriptLabel) = \(shown)"
            }
            return
        }
        guard target.subscripts.count == 1, let subscriptText = target.subscripts.first else {
            throw .invalidValue("\(target.label): only collections nested in Mixed values take more than one [ ]")
        }
        switch target.kind {
        case .dictionary:
            let key = try ListEditCommands.dictionaryKey(subscriptText)
            try CollectionEditing.apply(.setEntry(key: key, value: value), to: target, session: session) { count in
                "\(target.label)[\"\(key)\"] = \(shown) (\(CollectionEditing.size(count, of: target)))"
            }
        case .set:
            throw .invalidValue("\(target.label) is a set: its elements are kept in order, so 'remove' the old value and 'append' the new one")
        case .list:
            guard let position = Int(subscriptText) else {
                throw .invalidAddress(pathText, reason: "a list element is named by its position, e.g. \(target.label)[0]")
            }
            try CollectionEditing.apply(.replace(at: position, with: value), to: target, session: session) { _ in
                "\(target.label)[\(position)] = \(shown)"
            }
        }
    }

    static func replaceCollection(_ pathText: String, _ valueText: String, session: Session) throws(BrowserError) {
        let target = try CollectionEditing.target(pathText, session: session, usage: usage)
        if target.kind == .dictionary {
            guard let (keys, values) = try CollectionEditing.entries(valueText, for: target, session: session) else {
                throw .invalidValue("a whole dictionary is written in braces, e.g. set \(target.label) = {\"a\": 1, \"b\": 2} (or {} to empty it)")
            }
            try CollectionEditing.apply(.replaceEntries(keys: keys, values: values), to: target, session: session) { count in
                "\(target.label) = {\(zip(keys, values).map { "\"\($0)\": \(CollectionEditing.shown($1, session: session))" }.joined(separator: ", "))} (\(CollectionEditing.size(count, of: target)))"
            }
            return
        }
        guard let values = try CollectionEditing.elements(valueText, for: target, session: session) else {
            throw .invalidValue("a whole \(target.kind) is written in braces, e.g. set \(target.label) = {1, 2, 3} (or {} to empty it)")
        }
        try CollectionEditing.apply(.replaceAll(values), to: target, session: session) { count in
            "\(target.label) = {\(values.map { CollectionEditing.shown($0, session: session) }.joined(separator: ", "))} (\(CollectionEditing.size(count, of: target)))"
        }
    }
}
