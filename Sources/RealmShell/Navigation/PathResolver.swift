import RealmFormat
import RealmInterchange

/// Follows a typed key path (`Specimen[3].category`, `tasks[2]`, `intDict["a"]`) from where the
/// user stands, or from a class when the path starts with one.
struct PathResolver {
    let catalog: Catalog

    /// The navigation steps that `text` leads to, starting from `base`.
    func resolve(_ text: String, from base: [NavigationStep]) throws(BrowserError) -> [NavigationStep] {
        var path = base
        var rest = text.trimmingWhitespace()
        if rest == "/" { return [] }
        while rest == ".." || rest.hasPrefix("../") {
            guard !path.isEmpty else { throw .invalidAddress(text, reason: "already at the top; there is nothing above") }
            path.removeLast()
            rest = String(rest.dropFirst(rest == ".." ? 2 : 3))
        }
        guard !rest.isEmpty else { return path }
        // Standing on a class or a collection, `cd 3` enters its element at position 3.
        if Int(rest) != nil { rest = "[\(rest)]" }
        let segments = try PathSegment.parse(rest)
        guard let first = segments.first else { return path }
        if first.name.isEmpty && path.isEmpty {
            // 'cd 3' at the top: a position needs a class (or a find result) to count in.
            let example = catalog.file.classTables.first?.displayName ?? "CLASS"
            throw .invalidAddress(text, reason: "a position needs a class first, e.g. \(example)[\(text.trimmingCharacters(in: ["[", "]"]))], or 'cd CLASS' (or a find) to stand on one")
        }
        var remaining = segments[...]
        if !isRelative(first, to: path.last?.location) {
            do {
                path = [try classStep(first)]
            } catch {
                // Standing on an object, a word that is no class was meant as one of its properties.
                if case .unknownClass = error, case let .object(object)? = path.last?.location {
                    throw .unknownProperty(className: object.table.displayName, name: first.name)
                }
                throw error
            }
            remaining = remaining.dropFirst()
        }
        for segment in remaining {
            path = try follow(segment, from: path, text: text)
        }
        return path
    }

    private func isRelative(_ segment: PathSegment, to location: Location?) -> Bool {
        guard let location else { return false }
        if segment.name.isEmpty { return true }
        if case let .object(object) = location { return object.table.column(named: segment.name) != nil }
        return false
    }

    private func classStep(_ segment: PathSegment) throws(BrowserError) -> NavigationStep {
        let table = try catalog.table(named: segment.name)
        var step = NavigationStep(location: .table(table), label: table.displayName)
        for subscriptText in segment.subscripts {
            let next = try subscripted(step, by: subscriptText, path: segment.name)
            step = NavigationStep(location: next.location, label: step.label + next.label)
        }
        return step
    }

    private func follow(_ segment: PathSegment, from path: [NavigationStep], text: String) throws(BrowserError) -> [NavigationStep] {
        guard let last = path.last else { return [try classStep(segment)] }
        var steps = path
        var current = last
        if !segment.name.isEmpty {
            guard case let .object(object) = current.location else {
                throw .invalidAddress(text, reason: "'\(segment.name)' follows something that is not an object")
            }
            guard let column = object.table.column(named: segment.name) else {
                throw .unknownProperty(className: object.table.displayName, name: segment.name)
            }
            let value: RealmValue
            value = try readingFile { () throws(RealmFormatError) in try object.value(of: column) }
            current = NavigationStep(location: try locate(value, name: column.name), label: "." + column.name)
            steps.append(current)
        }
        for subscriptText in segment.subscripts {
            do {
                current = try subscripted(current, by: subscriptText, path: text)
            } catch let .positionOutOfRange(_, position, count) {
                // Named by the whole path so far (AllTypes[20].intList), as the prompt shows it.
                throw .positionOutOfRange(className: steps.map(\.label).joined(), position: position, count: count)
            } catch {
                throw error
            }
            steps.append(current)
        }
        return steps
    }

    /// Where a value leads: links to their object, collections to themselves.
    func locate(_ value: RealmValue, name: String) throws(BrowserError) -> Location {
        switch value {
        case let .link(tableKey, key), let .typedLink(tableKey, key):
            guard let table = catalog.file.table(withKey: tableKey),
                  let object = try catalog.object(in: table, key: key) else { return .value(value) }
            return .object(object)
        case let .collection(collection):
            return .collection(collection, name: name)
        default:
            return .value(value)
        }
    }

    private func subscripted(_ step: NavigationStep, by text: String, path: String) throws(BrowserError) -> NavigationStep {
        switch step.location {
        case let .table(table):
            guard let address = try ObjectAddress.parse("\(table.displayName)[\(text)]") else {
                throw .invalidAddress(path, reason: "expected a position or PROPERTY = VALUE in brackets")
            }
            let object = try catalog.object(at: address, in: table)
            return NavigationStep(location: .object(object), label: "[\(text)]")
        case let .collection(collection, name):
            return try element(of: collection, name: name, subscript: text, path: path)
        case let .results(result):
            guard let position = Int(text) else {
                throw .invalidAddress(path, reason: "a query result is indexed by position, e.g. [0]")
            }
            let index = position < 0 ? result.count + position : position
            guard index >= 0, index < result.count, let key = try result.key(at: index, catalog: catalog),
                  let object = try catalog.object(in: result.table, key: key) else {
                throw .positionOutOfRange(className: "the result", position: position, count: result.count)
            }
            return NavigationStep(location: .object(object), label: "[\(text)]")
        case .object, .value:
            throw .invalidAddress(path, reason: "[\(text)] needs a class, list, set or dictionary before it")
        }
    }

    private func element(of collection: CollectionSummary, name: String, subscript text: String,
                         path: String) throws(BrowserError) -> NavigationStep {
        let reader = CollectionReader(file: catalog.file)
        if collection.kind == .dictionary {
            let key = ObjectAddress.unquoted(text)
            let entries: [(key: RealmValue, value: RealmValue)]
            entries = try readingFile { () throws(RealmFormatError) in try reader.entries(of: collection) }
            guard let entry = entries.first(where: { $0.key == .string(key) }) else {
                throw .noSuchObject(className: name, address: "key \"\(key)\"")
            }
            return NavigationStep(location: try locate(entry.value, name: "\(name)[\(text)]"), label: "[\(text)]")
        }
        let elements: [RealmValue]
        elements = try readingFile { () throws(RealmFormatError) in try reader.elements(of: collection) }
        guard let position = Int(text) else {
            throw .invalidAddress(path, reason: "a \(collection.kind) is indexed by position, e.g. \(name)[0]")
        }
        let index = position < 0 ? elements.count + position : position
        guard index >= 0, index < elements.count else {
            throw .positionOutOfRange(className: name, position: position, count: elements.count)
        }
        return NavigationStep(location: try locate(elements[index], name: "\(name)[\(index)]"), label: "[\(text)]")
    }
}
