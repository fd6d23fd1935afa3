/// One element-level change to an object's list, set or dictionary, as a user states it.
/// `FileEditor.edit(_:column:table:key:)` applies it to the collection's current content (staged
/// changes included) and stages the result, so that a transaction can hold several edits of the
/// same collection and the file is written once at commit.
public enum CollectionEdit: Sendable, Equatable {
    /// Lists: the element at a position (negative counts from the end) becomes `with`.
    case replace(at: Int, with: RealmValue)
    /// Lists: the value at the end. Sets: the value in its stored place (§6.17), unless an
    /// equal element is there already.
    case add(RealmValue)
    /// Lists and sets: the element at a position (negative counts from the end) goes.
    case remove(at: Int)
    /// Sets: the element equal to the value goes (lists: the first equal element).
    case removeValue(RealmValue)
    /// Lists: the element at `from` moves to `to`; the others close up.
    case move(from: Int, to: Int)
    /// Lists and sets: the whole content (sets sorted into stored order, duplicates dropped).
    case replaceAll([RealmValue])
    /// Dictionaries: the value under a key, inserted in stored key order or replaced.
    case setEntry(key: String, value: RealmValue)
    /// Dictionaries: a key and its value go.
    case removeEntry(key: String)
    /// Dictionaries: the whole content, `keys[i]` holding `values[i]` (put into stored key
    /// order; a key may appear once).
    case replaceEntries(keys: [String], values: [RealmValue])

    /// The values this edit names (to be checked against the element type).
    var values: [RealmValue] {
        switch self {
        case let .replace(_, value), let .add(value), let .setEntry(_, value), let .removeValue(value): return [value]
        case let .replaceAll(values), let .replaceEntries(_, values): return values
        case .remove, .move, .removeEntry: return []
        }
    }

    /// The same edit naming `values` instead (their forms fitted to the element type).
    func with(values: [RealmValue]) -> CollectionEdit {
        switch self {
        case let .replace(position, _): return .replace(at: position, with: values[0])
        case .add: return .add(values[0])
        case .removeValue: return .removeValue(values[0])
        case let .setEntry(key, _): return .setEntry(key: key, value: values[0])
        case .replaceAll: return .replaceAll(values)
        case let .replaceEntries(keys, _): return .replaceEntries(keys: keys, values: values)
        case .remove, .move, .removeEntry: return self
        }
    }
}

/// Why a collection edit does not apply to the collection it names.
public enum CollectionEditError: Error, CustomStringConvertible, Equatable {
    case positionOutOfRange(position: Int, count: Int)
    case notInSet(String)
    case noSuchKey(String)
    /// The edit does not exist for this kind of collection (e.g. `move` in a set).
    case notFor(CollectionKind, what: String)
    /// A step into a nested collection reached a value that is no list or dictionary.
    case notNested
    /// A new dictionary content names a key twice.
    case duplicateKey(String)

    public var description: String {
        switch self {
        case let .positionOutOfRange(position, count):
            guard count > 0 else { return "there is no element \(position): it is empty" }
            return "there is no element \(position): it has \(count) element\(count == 1 ? "" : "s") (0..\(count - 1), or -1 for the last)"
        case let .notInSet(value):
            return "\(value) is not in it"
        case let .noSuchKey(key):
            return "it has no key \"\(key)\""
        case let .notFor(kind, what):
            return "a \(kind) does not support \(what)"
        case .notNested:
            return "that value is not a list or dictionary nested in a Mixed value"
        case let .duplicateKey(key):
            return "the key \"\(key)\" is given twice"
        }
    }
}

extension CollectionEdit {
    /// The elements of a list (`isSet` false) or set after this edit, or nil when the edit
    /// leaves the collection as it was (the set already holds the value).
    func applied(toElements elements: [NewValue], isSet: Bool) throws(CollectionEditError) -> [NewValue]? {
        let kind: CollectionKind = isSet ? .set : .list
        var result = elements
        switch self {
        case let .replace(position, value):
            guard !isSet else { throw .notFor(kind, what: "replacing an element by position; remove it and add the new value") }
            result[try index(position, count: result.count)] = .scalar(value)
        case let .add(value):
            guard isSet else {
                result.append(.scalar(value))
                break
            }
            if result.contains(where: { SetOrder.same($0, value) }) { return nil }
            let place = result.firstIndex { SetOrder.before(value, $0) } ?? result.count
            result.insert(.scalar(value), at: place)
        case let .remove(position):
            result.remove(at: try index(position, count: result.count))
        case let .removeValue(value):
            guard let position = result.firstIndex(where: { SetOrder.same($0, value) }) else {
                throw .notInSet(SetOrder.shown(value))
            }
            result.remove(at: position)
        case let .move(from, to):
            guard !isSet else { throw .notFor(kind, what: "moving elements: its order is the order of its values") }
            let source = try index(from, count: result.count)
            let destination = try index(to, count: result.count)
            result.insert(result.remove(at: source), at: destination)
        case let .replaceAll(values):
            guard isSet else { return values.map(NewValue.scalar) }
            // Values already in stored order (an exported set read back) keep it, NaNs where
            // they stand: the format leaves their place open, and Realm's files differ in it.
            if SetOrder.isStoredOrder(values) { return values.map(NewValue.scalar) }
            var sorted: [NewValue] = []
            for value in values where !sorted.contains(where: { SetOrder.same($0, value) }) {
                let place = sorted.firstIndex { SetOrder.before(value, $0) } ?? sorted.count
                sorted.insert(.scalar(value), at: place)
            }
            return sorted
        case .setEntry, .removeEntry, .replaceEntries:
            throw .notFor(kind, what: "keys; only dictionaries have them")
        }
        return result
    }

    /// The entries of a dictionary after this edit (keys kept in stored order, §6.18). Keys are
    /// compared by their bytes, as Realm does: Swift's `==` would take a decomposed "é" for the
    /// precomposed one.
    func applied(toEntries entries: [DictionaryEntry]) throws(CollectionEditError) -> [DictionaryEntry] {
        var result = entries
        switch self {
        case let .setEntry(key, value):
            if let position = result.firstIndex(where: { $0.key.utf8.elementsEqual(key.utf8) }) {
                result[position].value = .scalar(value)
            } else {
                let bytes = Array(key.utf8)
                let place = result.firstIndex { FormatOrder.bytes(bytes, before: Array($0.key.utf8)) } ?? result.count
                result.insert(DictionaryEntry(key: key, value: .scalar(value)), at: place)
            }
        case let .removeEntry(key):
            guard let position = result.firstIndex(where: { $0.key.utf8.elementsEqual(key.utf8) }) else { throw .noSuchKey(key) }
            result.remove(at: position)
        case let .replaceEntries(keys, values):
            result = []
            for (key, value) in zip(keys, values) {
                guard !result.contains(where: { $0.key.utf8.elementsEqual(key.utf8) }) else { throw .duplicateKey(key) }
                result = try CollectionEdit.setEntry(key: key, value: value).applied(toEntries: result)
            }
        case .replace, .add, .remove, .removeValue, .move, .replaceAll:
            throw .notFor(.dictionary, what: "positions; its elements are set and removed by key, e.g. dict[\"key\"]")
        }
        return result
    }

    private func index(_ position: Int, count: Int) throws(CollectionEditError) -> Int {
        let index = position < 0 ? count + position : position
        guard index >= 0, index < count else { throw .positionOutOfRange(position: position, count: count) }
        return index
    }
}
