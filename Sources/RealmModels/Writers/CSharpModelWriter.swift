/// Realm .NET models (source generator, Realm 11+): `partial` classes implementing
/// `IRealmObject`, PascalCase properties mapped to the stored names with `[MapTo]`, nullable
/// reference types enabled so `string` is required and `string?` optional.
public enum CSharpModelWriter {
    public static func source(for classes: [ModelClass], fileName: String) -> String {
        ModelSource.joining(classes, fileName: fileName,
                            preamble: "using System;\nusing System.Collections.Generic;\nusing System.Linq;\nusing MongoDB.Bson;\nusing Realms;\n\n#nullable enable\n",
                            declaration: declaration(of:))
    }

    static func declaration(of model: ModelClass) -> String {
        let base = model.baseName(embedded: "IEmbeddedObject", asymmetric: "IAsymmetricObject", topLevel: "IRealmObject")
        let text = "public partial class \(model.name) : \(base)\n{\n"
        var lines: [String] = []
        for property in model.properties {
            var member = ""
            if property.isPrimaryKey { member += "    [PrimaryKey]\n" }
            if property.isIndexed { member += "    [Indexed]\n" }
            if property.isFullTextIndexed { member += "    [Indexed(IndexType.FullText)]\n" }
            let name = propertyName(property.name, in: model.name)
            if name != property.name { member += "    [MapTo(\"\(property.name)\")]\n" }
            member += "    public \(typeName(of: property)) \(name) \(accessors(of: property))\n"
            lines.append(member)
        }
        for backlink in model.backlinks {
            let origin = ModelNaming.pascalCase(backlink.originProperty)
            let originName = origin == backlink.originClass ? origin + "Property" : origin
            let name = propertyName(backlink.name, in: model.name)
            var member = "    [Backlink(nameof(\(backlink.originClass).\(originName)))]\n"
            member += "    public IQueryable<\(backlink.originClass)> \(name) { get; } = null!;\n"
            lines.append(member)
        }
        return text + lines.joined(separator: "\n") + "}\n"
    }

    /// PascalCase; a member may not be named like its class, so `Note.note` becomes `NoteProperty`.
    static func propertyName(_ name: String, in className: String) -> String {
        let pascal = ModelNaming.pascalCase(name)
        return pascal == className ? pascal + "Property" : pascal
    }

    static func typeName(of property: ModelProperty) -> String {
        let element = elementName(property.type)
        let nullable = property.isOptional && property.type != .mixed ? element + "?" : element
        switch property.collection {
        case nil: return nullable
        case .list?: return "IList<\(nullable)>"
        case .set?: return "ISet<\(nullable)>"
        case .dictionary?: return "IDictionary<string, \(nullable)>"
        }
    }

    /// Collections and backlinks are get-only; required strings and data start non-null.
    static func accessors(of property: ModelProperty) -> String {
        if property.collection != nil { return "{ get; } = null!;" }
        guard !property.isOptional else { return "{ get; set; }" }
        switch property.type {
        case .string: return "{ get; set; } = \"\";"
        case .data: return "{ get; set; } = Array.Empty<byte>();"
        default: return "{ get; set; }"
        }
    }

    static func elementName(_ type: ModelType) -> String {
        switch type {
        case .int: return "long"
        case .bool: return "bool"
        case .float: return "float"
        case .double: return "double"
        case .string: return "string"
        case .data: return "byte[]"
        case .date: return "DateTimeOffset"
        case .objectId: return "ObjectId"
        case .decimal128: return "Decimal128"
        case .uuid: return "Guid"
        case .mixed: return "RealmValue"
        case let .object(name): return name
        }
    }
}
