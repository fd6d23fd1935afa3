import RealmFormat

/// The schema of a Realm file as the SDKs declare it, the input of every model writer.
///
/// The file knows each class's properties (type, optionality, collection, link target, primary
/// key, indexes) and hidden backlink columns. A backlink column records which class and
/// property link here but not the name the app gave its linking-objects property; writers use
/// `ModelBacklink.name`, which is derived from the origin (`Person.banks` → `persons`).
public struct ModelSchema {
    public var classes: [ModelClass]

    public init(file: RealmFile) {
        let tables = file.classTables
        classes = tables.compactMap { table in
            guard let name = table.className else { return nil }
            let properties = table.columns.map { ModelProperty(column: $0, file: file) }
            var backlinks: [ModelBacklink] = []
            if table.kind != .embedded {
                for column in table.backlinkColumns {
                    guard let originKey = column.targetTableKey, let origin = file.table(withKey: originKey),
                          let originName = origin.className,
                          let originColumn = origin.columns.first(where: { $0.key == column.oppositeColumnKey }),
                          originColumn.isLink else { continue }
                    backlinks.append(ModelBacklink(name: "", originClass: originName, originProperty: originColumn.name))
                }
            }
            let taken = Set(properties.map(\.name))
            return ModelClass(name: name, kind: table.kind, properties: properties,
                              backlinks: ModelBacklink.named(backlinks, avoiding: taken))
        }
    }
}

public struct ModelClass {
    public let name: String
    public let kind: TableKind
    public let properties: [ModelProperty]
    public let backlinks: [ModelBacklink]

    public var primaryKey: ModelProperty? { properties.first(where: \.isPrimaryKey) }
}

extension ModelClass {
    /// The base type for this class's kind in one language. Every writer makes the same
    /// three-way choice; spelling it once keeps a new kind from being missed in one of them.
    public func baseName(embedded: String, asymmetric: String, topLevel: String) -> String {
        switch kind {
        case .embedded: return embedded
        case .asymmetric: return asymmetric
        case .topLevel: return topLevel
        }
    }
}

/// The frame every generated models file shares, so the languages agree on the banner line.
public enum ModelSource {
    /// The first line of every generated file (a `//` comment in all the target languages).
    public static func banner(fileName: String) -> String {
        "// Realm models for \(fileName), written by realm-browser from the file's schema.\n"
    }

    /// The banner, then `preamble`, then each class's declaration after a blank line: the
    /// layout of the writers that need no imports collected from the classes.
    public static func joining(_ classes: [ModelClass], fileName: String, preamble: String,
                        declaration: (ModelClass) -> String) -> String {
        var text = banner(fileName: fileName) + preamble
        for model in classes {
            text += "\n" + declaration(model)
        }
        return text
    }
}

/// The value type of a property or of a collection's elements.
public enum ModelType: Equatable {
    case int, bool, float, double, string, data, date, objectId, decimal128, uuid, mixed
    case object(String)

    public init(column: Column, file: RealmFile) {
        switch column.type {
        case .int: self = .int
        case .bool: self = .bool
        case .float: self = .float
        case .double: self = .double
        case .string: self = .string
        case .binary: self = .data
        case .timestamp: self = .date
        case .objectId: self = .objectId
        case .decimal128: self = .decimal128
        case .uuid: self = .uuid
        case .link, .legacyLinkList:
            let target = column.targetTableKey.flatMap { file.table(withKey: $0) }
            self = .object(target?.className ?? target?.name ?? "Object")
        default: self = .mixed
        }
    }

    public var isObject: Bool { if case .object = self { return true } else { return false } }
}

public struct ModelProperty {
    public let name: String
    public let type: ModelType
    /// For a single value: may be null. For a collection: its elements may be null.
    public let isOptional: Bool
    public let collection: CollectionKind?
    public let isPrimaryKey: Bool
    /// A general search index that is not the primary key's own.
    public let isIndexed: Bool
    public let isFullTextIndexed: Bool
    /// The target class is embedded (owned by this object).
    public let isEmbeddedLink: Bool

    public init(column: Column, file: RealmFile) {
        name = column.name
        type = ModelType(column: column, file: file)
        collection = column.collection
        isPrimaryKey = column.isPrimaryKey
        isIndexed = column.isIndexed && !column.isPrimaryKey
        isFullTextIndexed = column.isFullTextIndexed
        let target = column.isLink ? column.targetTableKey.flatMap { file.table(withKey: $0) } : nil
        isEmbeddedLink = target?.kind == .embedded
        // Single links are always optional; a dictionary's link values may be null.
        if column.isLink {
            isOptional = column.collection == nil || column.collection == .dictionary
        } else {
            isOptional = column.isNullable || column.type == .mixed
        }
    }
}

/// A linking-objects property: the objects whose `originProperty` links here.
public struct ModelBacklink {
    public let name: String
    public let originClass: String
    public let originProperty: String

    /// `persons` for the only backlink from Person; `allTypesViaTargetList` when one class
    /// links here through several properties, or when the short name is taken.
    public static func named(_ backlinks: [ModelBacklink], avoiding taken: Set<String>) -> [ModelBacklink] {
        var used = taken
        return backlinks.map { backlink in
            let short = ModelNaming.plural(ModelNaming.lowerFirst(backlink.originClass))
            let sameOrigin = backlinks.filter { $0.originClass == backlink.originClass }.count
            var name = sameOrigin == 1 && !used.contains(short)
                ? short : short + "Via" + ModelNaming.upperFirst(backlink.originProperty)
            while used.contains(name) { name += "_" }
            used.insert(name)
            return ModelBacklink(name: name, originClass: backlink.originClass, originProperty: backlink.originProperty)
        }
    }
}

/// Spelling helpers shared by the writers.
public enum ModelNaming {
    public static func lowerFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    public static func upperFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// English plural of a class name, good enough for a property name: Category → categories.
    public static func plural(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) { return word.dropLast() + "ies" }
        if ["ss", "x", "z", "ch", "sh"].contains(where: { lower.hasSuffix($0) }) { return word + "es" }
        if lower.hasSuffix("s") { return word }
        return word + "s"
    }

    /// `_id` → `Id`, `bank_accno` → `BankAccno`: C# property names.
    public static func pascalCase(_ name: String) -> String {
        let parts = name.split(separator: "_").map { upperFirst(String($0)) }
        let joined = parts.joined()
        return joined.isEmpty ? name : joined
    }
}
