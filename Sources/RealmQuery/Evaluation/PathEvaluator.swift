import RealmFormat

/// What a path reaches for one object: objects, or values as stored (collections unexpanded).
enum PathItem {
    case object(ObjectRef)
    case value(RealmValue)
}

/// Walks bound paths from one object through links, lists, dictionaries and backlinks.
struct PathEvaluator {
    let file: RealmFile
    let collections: CollectionReader

    init(file: RealmFile) {
        self.file = file
        collections = CollectionReader(file: file)
    }

    /// The object with `key` in the table with TableKey `tableKey`, if it exists.
    func object(table tableKey: UInt32, key: Int64) throws(RealmFormatError) -> ObjectRef? {
        guard let table = file.table(withKey: tableKey) else { return nil }
        return try object(in: table, key: key)
    }

    func object(in table: Table, key: Int64) throws(RealmFormatError) -> ObjectRef? {
        guard let (leaf, row) = try table.objects.find(key: key) else { return nil }
        return ObjectRef(table: table, readers: LeafReaders(leaf: leaf), row: row)
    }

    /// The raw items at the end of `path`, starting from `start`.
    func evaluate(_ path: BoundPath, from start: PathItem) throws(RealmFormatError) -> [PathItem] {
        var items = [start]
        for (position, step) in path.steps.enumerated() {
            var next: [PathItem] = []
            switch step {
            case let .property(column):
                for object in try objects(in: items) {
                    next.append(.value(try object.value(of: column)))
                }
            case let .backlinks(origin, backlinkColumn):
                for object in try objects(in: items) {
                    for key in try object.backlinks(backlinkColumn) {
                        if let linking = try self.object(in: origin, key: key) { next.append(.object(linking)) }
                    }
                }
            case let .allBacklinks(columns):
                for object in try objects(in: items) {
                    var total = 0
                    for column in columns { total += try object.backlinks(column).count }
                    next.append(.value(.int(Int64(total))))
                }
            case let .dictionaryKey(key):
                try lookUp(key, in: items, endOfPath: position == path.steps.count - 1, into: &next)
            case .dictionaryKeys, .dictionaryValues:
                for collection in dictionaries(in: items) {
                    for entry in try collections.entries(of: collection) {
                        next.append(.value(step.isKeys ? entry.key : entry.value))
                    }
                }
            case .allElements:
                for item in items {
                    guard case let .value(value) = item, case .collection = value else { continue }
                    for element in try expanded(value) { next.append(.value(element)) }
                }
            case let .mixedProperty(name):
                for object in try objects(in: items.filter(\.isSingleLink)) {
                    guard let column = object.table.column(named: name) else { continue }
                    next.append(.value(try object.value(of: column)))
                }
            case .index, .first, .last:
                for item in items {
                    guard case let .value(.collection(collection)) = item, collection.kind == .list else { continue }
                    let elements = try collections.elements(of: collection)
                    let index: Int
                    switch step {
                    case let .index(position): index = position
                    case .last: index = elements.count - 1
                    default: index = 0
                    }
                    if index >= 0 && index < elements.count { next.append(.value(elements[index])) }
                }
            }
            items = next
        }
        return items
    }

    /// `['key']` on each item, as Realm reads it (realm-core `Collection::get_any`):
    /// - a dictionary yields the key's value. A key it lacks yields one null value when the
    ///   dictionary is not empty and the path ends here (`dict['nope'] == nil` matches,
    ///   `dict['nope'] != nil` does not), and no value at all when the dictionary is empty or
    ///   was never created, or the path goes on (neither `== nil` nor `!= nil` matches, so
    ///   `NOT (dict['nope'] == nil)` does). Dictionaries of every element type and those
    ///   nested in Mixed values alike;
    /// - a link (held in a Mixed value) yields the linked object's property of that name, from
    ///   which the path goes on (a link to the next object); an object without such a
    ///   property yields no value;
    /// - anything else (a list, a string, null) yields no value.
    private func lookUp(_ key: String, in items: [PathItem], endOfPath: Bool, into next: inout [PathItem]) throws(RealmFormatError) {
        for item in items {
            guard case let .value(value) = item else { continue }
            switch value {
            case let .collection(collection) where collection.kind == .dictionary:
                guard collection.elementCount > 0 else { continue }
                if let entry = try collections.entries(of: collection).first(where: { $0.key == .string(key) }) {
                    next.append(.value(entry.value))
                } else if endOfPath {
                    next.append(.value(.null))
                }
            case .link, .typedLink:
                for object in try objects(in: [item]) {
                    guard let column = object.table.column(named: key) else { continue }
                    next.append(.value(try object.value(of: column)))
                }
            default:
                continue
            }
        }
    }

    /// The objects behind items: links resolved, collections of links expanded, nulls dropped.
    func objects(in items: [PathItem]) throws(RealmFormatError) -> [ObjectRef] {
        var objects: [ObjectRef] = []
        for item in items {
            switch item {
            case let .object(object):
                objects.append(object)
            case let .value(value):
                for element in try expanded(value) {
                    if case let .link(table, key) = element, let object = try object(table: table, key: key) {
                        objects.append(object)
                    } else if case let .typedLink(table, key) = element, let object = try object(table: table, key: key) {
                        objects.append(object)
                    }
                }
            }
        }
        return objects
    }

    /// A collection's elements (a dictionary's values), or the value itself.
    func expanded(_ value: RealmValue) throws(RealmFormatError) -> [RealmValue] {
        guard case let .collection(collection) = value else { return [value] }
        if collection.kind == .dictionary { return try collections.entries(of: collection).map(\.value) }
        return try collections.elements(of: collection)
    }

    /// Terminal items as comparable values: objects become links; collection properties their
    /// elements (collections nested in Mixed values stay whole, as Realm compares the Mixed).
    func values(of items: [PathItem], expandingCollections: Bool = true) throws(RealmFormatError) -> [RealmValue] {
        var values: [RealmValue] = []
        for item in items {
            switch item {
            case let .object(object):
                values.append(.link(table: object.table.key, key: try object.key))
            case let .value(value):
                if expandingCollections { values.append(contentsOf: try expanded(value)) } else { values.append(value) }
            }
        }
        return values
    }

    private func dictionaries(in items: [PathItem]) -> [CollectionSummary] {
        items.compactMap { item in
            if case let .value(.collection(collection)) = item, collection.kind == .dictionary { return collection }
            return nil
        }
    }
}

extension BoundPath {
    var endsWithBacklinks: Bool {
        if case .backlinks? = steps.last { return true }
        return false
    }
}

extension PathItem {
    /// An object, or a value holding one link (not a collection of them).
    var isSingleLink: Bool {
        switch self {
        case .object, .value(.link), .value(.typedLink): return true
        case .value: return false
        }
    }
}

extension BoundPath.Step {
    var isKeys: Bool {
        if case .dictionaryKeys = self { return true }
        return false
    }
}
