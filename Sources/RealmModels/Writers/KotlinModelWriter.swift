/// Realm Kotlin SDK models: classes implementing `RealmObject` with default values (the SDK
/// needs a no-argument constructor), `realmListOf()` collections and `by backlinks(...)`.
public enum KotlinModelWriter {
    static let keywords: Set<String> = ["as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in",
                                        "interface", "is", "null", "object", "package", "return", "super", "this", "throw",
                                        "true", "try", "typealias", "typeof", "val", "var", "when", "while"]

    public static func source(for classes: [ModelClass], fileName: String) -> String {
        var imports: Set<String> = []
        let bodies = classes.map { declaration(of: $0, imports: &imports) }
        var text = ModelSource.banner(fileName: fileName)
        text += imports.sorted().map { "import \($0)\n" }.joined()
        for body in bodies { text += "\n" + body }
        return text
    }

    static func declaration(of model: ModelClass, imports: inout Set<String>) -> String {
        let base = model.baseName(embedded: "EmbeddedRealmObject", asymmetric: "AsymmetricRealmObject", topLevel: "RealmObject")
        imports.insert("io.realm.kotlin.types.\(base)")
        var text = "class \(model.name) : \(base) {\n"
        for property in model.properties {
            var annotations: [String] = []
            if property.isPrimaryKey { annotations.append("@PrimaryKey"); imports.insert("io.realm.kotlin.types.annotations.PrimaryKey") }
            if property.isIndexed { annotations.append("@Index"); imports.insert("io.realm.kotlin.types.annotations.Index") }
            if property.isFullTextIndexed { annotations.append("@FullText"); imports.insert("io.realm.kotlin.types.annotations.FullText") }
            let prefix = annotations.map { $0 + " " }.joined()
            let (type, initial) = declaration(of: property, imports: &imports)
            text += "    \(prefix)var \(identifier(property.name)): \(type) = \(initial)\n"
        }
        for backlink in model.backlinks {
            imports.insert("io.realm.kotlin.query.RealmResults")
            imports.insert("io.realm.kotlin.ext.backlinks")
            text += "    val \(identifier(backlink.name)): RealmResults<\(backlink.originClass)> by backlinks(\(backlink.originClass)::\(identifier(backlink.originProperty)))\n"
        }
        return text + "}\n"
    }

    /// The type and the default value of one property.
    static func declaration(of property: ModelProperty, imports: inout Set<String>) -> (String, String) {
        let element = elementName(property.type, imports: &imports)
        // RealmAny is always nullable in Kotlin.
        let optional = property.isOptional || property.type == .mixed
        let elementType = element + (optional ? "?" : "")
        switch property.collection {
        case nil:
            return (elementType, optional ? "null" : defaultValue(property.type))
        case .list?:
            imports.formUnion(["io.realm.kotlin.types.RealmList", "io.realm.kotlin.ext.realmListOf"])
            return ("RealmList<\(elementType)>", "realmListOf()")
        case .set?:
            imports.formUnion(["io.realm.kotlin.types.RealmSet", "io.realm.kotlin.ext.realmSetOf"])
            return ("RealmSet<\(elementType)>", "realmSetOf()")
        case .dictionary?:
            imports.formUnion(["io.realm.kotlin.types.RealmDictionary", "io.realm.kotlin.ext.realmDictionaryOf"])
            return ("RealmDictionary<\(elementType)>", "realmDictionaryOf()")
        }
    }

    static func elementName(_ type: ModelType, imports: inout Set<String>) -> String {
        switch type {
        case .int: return "Long"
        case .bool: return "Boolean"
        case .float: return "Float"
        case .double: return "Double"
        case .string: return "String"
        case .data: return "ByteArray"
        case .date: imports.insert("io.realm.kotlin.types.RealmInstant"); return "RealmInstant"
        case .objectId: imports.insert("org.mongodb.kbson.ObjectId"); return "ObjectId"
        case .decimal128: imports.insert("org.mongodb.kbson.Decimal128"); return "Decimal128"
        case .uuid: imports.insert("io.realm.kotlin.types.RealmUUID"); return "RealmUUID"
        case .mixed: imports.insert("io.realm.kotlin.types.RealmAny"); return "RealmAny"
        case let .object(name): return name
        }
    }

    /// What a new, unmanaged object holds until the app sets the property.
    static func defaultValue(_ type: ModelType) -> String {
        switch type {
        case .int: return "0"
        case .bool: return "false"
        case .float: return "0f"
        case .double: return "0.0"
        case .string: return "\"\""
        case .data: return "byteArrayOf()"
        case .date: return "RealmInstant.from(0, 0)"
        case .objectId: return "ObjectId()"
        case .decimal128: return "Decimal128(\"0\")"
        case .uuid: return "RealmUUID.random()"
        case .mixed, .object: return "null"
        }
    }

    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }
}
