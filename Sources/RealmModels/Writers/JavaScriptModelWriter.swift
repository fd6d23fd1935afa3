/// Realm JS models (v12): classes extending `Realm.Object` with a static schema; with
/// `typed`, TypeScript with a declared field per property.
public struct JavaScriptModelWriter {
    let typed: Bool

    public func source(for classes: [ModelClass], fileName: String) -> String {
        var text = ModelSource.banner(fileName: fileName)
        let usesBSON = classes.contains { $0.properties.contains { [.objectId, .decimal128, .uuid].contains($0.type) } }
        text += typed && usesBSON ? "import Realm, { BSON } from 'realm';\n" : "import Realm from 'realm';\n"
        for model in classes {
            text += "\n" + declaration(of: model)
        }
        return text
    }

    func declaration(of model: ModelClass) -> String {
        var text = typed
            ? "export class \(model.name) extends Realm.Object<\(model.name)> {\n"
            : "export class \(model.name) extends Realm.Object {\n"
        if typed {
            for property in model.properties {
                let optional = property.isOptional && property.collection == nil
                text += "  \(key(property.name))\(optional ? "?" : "!"): \(typeScriptType(of: property));\n"
            }
            for backlink in model.backlinks {
                text += "  \(key(backlink.name))!: Realm.Results<\(backlink.originClass)>;\n"
            }
            text += "\n"
        }
        text += typed ? "  static schema: Realm.ObjectSchema = {\n" : "  static schema = {\n"
        text += "    name: '\(model.name)',\n"
        if model.kind == .embedded { text += "    embedded: true,\n" }
        if model.kind == .asymmetric { text += "    asymmetric: true,\n" }
        if let primaryKey = model.primaryKey { text += "    primaryKey: '\(primaryKey.name)',\n" }
        text += "    properties: {\n"
        for property in model.properties {
            text += "      \(key(property.name)): \(schemaValue(of: property)),\n"
        }
        for backlink in model.backlinks {
            text += "      \(key(backlink.name)): { type: 'linkingObjects', objectType: '\(backlink.originClass)', property: '\(backlink.originProperty)' },\n"
        }
        return text + "    },\n  };\n}\n"
    }

    /// `'int?'`, `'Task[]'`, `'string?<>'`, `'Target?{}'`, or an object when an index is declared.
    func schemaValue(of property: ModelProperty) -> String {
        let optional = property.isOptional && property.type != .mixed ? "?" : ""
        let suffix: String
        switch property.collection {
        case nil: suffix = ""
        case .list?: suffix = "[]"
        case .set?: suffix = "<>"
        case .dictionary?: suffix = "{}"
        }
        let shorthand = "'" + typeName(property.type) + optional + suffix + "'"
        if property.isFullTextIndexed { return "{ type: \(shorthand), indexed: 'full-text' }" }
        if property.isIndexed { return "{ type: \(shorthand), indexed: true }" }
        return shorthand
    }

    func typeName(_ type: ModelType) -> String {
        switch type {
        case .int: return "int"
        case .bool: return "bool"
        case .float: return "float"
        case .double: return "double"
        case .string: return "string"
        case .data: return "data"
        case .date: return "date"
        case .objectId: return "objectId"
        case .decimal128: return "decimal128"
        case .uuid: return "uuid"
        case .mixed: return "mixed"
        case let .object(name): return name
        }
    }

    func typeScriptType(of property: ModelProperty) -> String {
        let element = typeScriptName(property.type)
        guard let collection = property.collection else { return element }
        let value = property.isOptional && property.type != .mixed ? element + " | null" : element
        switch collection {
        case .list: return "Realm.List<\(value)>"
        case .set: return "Realm.Set<\(value)>"
        case .dictionary: return "Realm.Dictionary<\(value)>"
        }
    }

    func typeScriptName(_ type: ModelType) -> String {
        switch type {
        case .int, .float, .double: return "number"
        case .bool: return "boolean"
        case .string: return "string"
        case .data: return "ArrayBuffer"
        case .date: return "Date"
        case .objectId: return "BSON.ObjectId"
        case .decimal128: return "BSON.Decimal128"
        case .uuid: return "BSON.UUID"
        case .mixed: return "Realm.Mixed"
        case let .object(name): return name
        }
    }

    /// A property name as an object key: quoted unless it is a plain identifier.
    func key(_ name: String) -> String {
        let plain = name.first.map { $0.isLetter || $0 == "_" || $0 == "$" } == true
            && name.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "_" || $0 == "$" }
        return plain ? name : "'" + String(name.flatMap { $0 == "'" ? ["\\", "'"] : [$0] }) + "'"
    }
}
