/// Realm Java models: one `RealmObject` subclass per file with private fields, `@Required` on
/// reference types that may not be null, and getters and setters.
public enum JavaModelWriter {
    public static func source(for classes: [ModelClass], fileName: String) -> String {
        ModelSource.joining(classes, fileName: fileName, preamble: "// One class per file, as Java requires.\n",
                            declaration: file(for:))
    }

    static func file(for model: ModelClass) -> String {
        var imports: Set<String> = ["io.realm.RealmObject"]
        var fields = ""
        var accessors = ""
        if model.kind == .embedded { imports.insert("io.realm.annotations.RealmClass") }
        for property in model.properties {
            let (type, required, initial) = declaration(of: property, imports: &imports)
            var annotations: [String] = []
            if property.isPrimaryKey { annotations.append("@PrimaryKey"); imports.insert("io.realm.annotations.PrimaryKey") }
            if property.isIndexed { annotations.append("@Index"); imports.insert("io.realm.annotations.Index") }
            if required { annotations.append("@Required"); imports.insert("io.realm.annotations.Required") }
            if property.isFullTextIndexed {
                fields += "    // '\(property.name)' has a full-text index in the file; Realm Java cannot declare one.\n"
            }
            // A Java keyword cannot name a field: the field gets a trailing _ and @RealmField
            // keeps the property's name in the file.
            let field = javaKeywords.contains(property.name) ? property.name + "_" : property.name
            if field != property.name {
                annotations.append("@RealmField(\"\(property.name)\")")
                imports.insert("io.realm.annotations.RealmField")
            }
            fields += annotations.map { "    \($0)\n" }.joined()
            fields += "    private \(type) \(field)\(initial.map { " = " + $0 } ?? "");\n"
            // Accessors follow the field (getClass_, not Object's final getClass).
            let capitalized = ModelNaming.upperFirst(field)
            let getter = type == "boolean" ? "is" : "get"
            accessors += "\n    public \(type) \(getter)\(capitalized)() { return \(field); }\n"
            if property.collection == nil {
                accessors += "    public void set\(capitalized)(\(type) \(field)) { this.\(field) = \(field); }\n"
            }
        }
        for backlink in model.backlinks {
            imports.formUnion(["io.realm.RealmResults", "io.realm.annotations.LinkingObjects"])
            fields += "    @LinkingObjects(\"\(backlink.originProperty)\")\n"
            fields += "    private final RealmResults<\(backlink.originClass)> \(backlink.name) = null;\n"
            accessors += "\n    public RealmResults<\(backlink.originClass)> get\(ModelNaming.upperFirst(backlink.name))() { return \(backlink.name); }\n"
        }
        var text = "// \(model.name).java\n"
        text += imports.sorted().map { "import \($0);\n" }.joined() + "\n"
        if model.kind == .embedded { text += "@RealmClass(embedded = true)\n" }
        text += "public class \(model.name) extends RealmObject {\n"
        return text + fields + accessors + "}\n"
    }

    /// Words Java reserves (JLS §3.9, with the literals): no field may be named so.
    static let javaKeywords: Set<String> = [
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
        "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
        "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
        "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null", "_",
    ]

    /// The field's type, whether it needs `@Required`, and its initial value.
    static func declaration(of property: ModelProperty, imports: inout Set<String>) -> (String, Bool, String?) {
        guard let collection = property.collection else {
            if case let .object(name) = property.type { return (name, false, nil) }
            if property.type == .mixed {
                imports.insert("io.realm.RealmAny")
                return ("RealmAny", false, "RealmAny.nullValue()")
            }
            if let primitive = primitiveName(property.type), !property.isOptional { return (primitive, false, nil) }
            let boxed = boxedName(property.type, imports: &imports)
            return (boxed, !property.isOptional && primitiveName(property.type) == nil, nil)
        }
        let element = boxedName(property.type, imports: &imports)
        // Lists of objects never hold null; @Required marks primitive lists without nulls.
        let required = !property.isOptional && !property.type.isObject && property.type != .mixed
        switch collection {
        case .list:
            imports.insert("io.realm.RealmList")
            return ("RealmList<\(element)>", required, "new RealmList<>()")
        case .set:
            imports.insert("io.realm.RealmSet")
            return ("RealmSet<\(element)>", required, "new RealmSet<>()")
        case .dictionary:
            imports.insert("io.realm.RealmDictionary")
            return ("RealmDictionary<\(element)>", required, "new RealmDictionary<>()")
        }
    }

    static func primitiveName(_ type: ModelType) -> String? {
        switch type {
        case .int: return "long"
        case .bool: return "boolean"
        case .float: return "float"
        case .double: return "double"
        default: return nil
        }
    }

    static func boxedName(_ type: ModelType, imports: inout Set<String>) -> String {
        switch type {
        case .int: return "Long"
        case .bool: return "Boolean"
        case .float: return "Float"
        case .double: return "Double"
        case .string: return "String"
        case .data: return "byte[]"
        case .date: imports.insert("java.util.Date"); return "Date"
        case .objectId: imports.insert("org.bson.types.ObjectId"); return "ObjectId"
        case .decimal128: imports.insert("org.bson.types.Decimal128"); return "Decimal128"
        case .uuid: imports.insert("java.util.UUID"); return "UUID"
        case .mixed: imports.insert("io.realm.RealmAny"); return "RealmAny"
        case let .object(name): return name
        }
    }
}
