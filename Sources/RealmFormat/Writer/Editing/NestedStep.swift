/// One step into a collection nested in a Mixed value (format 24, §6.19): an element of a list
/// by position (negative counts from the end) or a dictionary value by key.
public enum NestedStep: Sendable, Equatable, CustomStringConvertible {
    case position(Int)
    case key(String)

    public var description: String {
        switch self {
        case let .position(position): return "[\(position)]"
        case let .key(key): return "[\"\(key)\"]"
        }
    }
}

extension CollectionEdit {
    /// `value` (a Mixed property's stored value, nested collections read out) with this edit
    /// applied to the collection that `path` leads to, and that collection's new size; nil when
    /// nothing changed. Only lists of Mixed and dictionaries can be nested (no sets, §6.19).
    func applied(at path: ArraySlice<NestedStep>, in value: NewValue) throws(CollectionEditError) -> (value: NewValue, count: Int)? {
        guard let step = path.first else {
            switch value {
            case let .mixedList(elements):
                guard let result = try applied(toElements: elements, isSet: false) else { return nil }
                return (.mixedList(result), result.count)
            case let .dictionary(entries):
                let result = try applied(toEntries: entries)
                return (.dictionary(result), result.count)
            case .list, .scalar:
                throw .notNested
            }
        }
        switch (value, step) {
        case let (.mixedList(elements), .position(position)):
            let index = position < 0 ? elements.count + position : position
            guard index >= 0, index < elements.count else { throw .positionOutOfRange(position: position, count: elements.count) }
            guard let (inner, count) = try applied(at: path.dropFirst(), in: elements[index]) else { return nil }
            var result = elements
            result[index] = inner
            return (.mixedList(result), count)
        case let (.dictionary(entries), .key(key)):
            guard let index = entries.firstIndex(where: { $0.key.utf8.elementsEqual(key.utf8) }) else { throw .noSuchKey(key) }
            guard let (inner, count) = try applied(at: path.dropFirst(), in: entries[index].value) else { return nil }
            var result = entries
            result[index].value = inner
            return (.dictionary(result), count)
        case (.mixedList, .key):
            throw .notFor(.list, what: "keys; its elements are named by position, e.g. [0]")
        case (.dictionary, .position):
            throw .notFor(.dictionary, what: "positions; its values are named by key, e.g. [\"key\"]")
        case (.list, _), (.scalar, _):
            throw .notNested
        }
    }
}
