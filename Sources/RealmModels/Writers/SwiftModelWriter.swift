/// RealmSwift models: `Object` subclasses with `@Persisted` properties (RealmSwift 10.10 and later).
public enum SwiftModelWriter {
    static let keywords: Set<String> = ["class", "struct", "enum", "protocol", "extension", "func", "var", "let", "import",
                                        "in", "is", "as", "return", "if", "else", "for", "while", "do", "switch", "case",
                                        "default", "break", "continue", "self", "Self", "super", "init", "deinit", "nil",
                                        "true", "false", "where", "throws", "static", "public", "private", "internal",
                                        "operator", "repeat", "guard", "defer", "try", "catch", "throw", "subscript", "Type",
                                        // The Swift book's other reserved words (typealias did not compile).
                                        "typealias", "associatedtype", "fileprivate", "inout", "precedencegroup",
                                        "rethrows", "fallthrough", "Any", "_"]

    public static func source(for classes: [ModelClass], fileName: String) -> String {
        ModelSource.joining(classes, fileName: fileName, preamble: "import Foundation\nimport RealmSwift\n",
                            declaration: declaration(of:))
    }

    static func declaration(of model: ModelClass) -> String {
        let base = model.baseName(embedded: "EmbeddedObject", asymmetric: "AsymmetricObject", topLevel: "Object")
        var text = "class \(model.name): \(base) {\n"
        for property in model.properties {
            if property.isFullTextIndexed {
                text += "    // '\(property.name)' has a full-text index in the file; RealmSwift cannot declare one.\n"
            }
            var options: [String] = []
            if property.isPrimaryKey { options.append("primaryKey: true") }
            if property.isIndexed { options.append("indexed: true") }
            let wrapper = options.isEmpty ? "@Persisted" : "@Persisted(" + options.joined(separator: ", ") + ")"
            text += "    \(wrapper) var \(identifier(property.name)): \(typeName(of: property))\n"
        }
        for backlink in model.backlinks {
            text += "    @Persisted(originProperty: \"\(backlink.originProperty)\") var \(identifier(backlink.name)): LinkingObjects<\(backlink.originClass)>\n"
        }
        return text + "}\n"
    }

    static func typeName(of property: ModelProperty) -> String {
        let element = elementName(property.type)
        // Mixed holds null itself; links inside a dictionary are optional, in lists and sets never.
        let optional = property.isOptional && property.type != .mixed
        switch property.collection {
        case nil: return element + (optional ? "?" : "")
        case .list?: return "List<\(element)\(optional ? "?" : "")>"
        case .set?: return "MutableSet<\(element)\(optional ? "?" : "")>"
        case .dictionary?: return "Map<String, \(element)\(optional ? "?" : "")>"
        }
    }

    static func elementName(_ type: ModelType) -> String {
        switch type {
        case .int: return "Int"
        case .bool: return "Bool"
        case .float: return "Float"
        case .double: return "Double"
        case .string: return "String"
        case .data: return "Data"
        case .date: return "Date"
        case .objectId: return "ObjectId"
        case .decimal128: return "Decimal128"
        case .uuid: return "UUID"
        case .mixed: return "AnyRealmValue"
        case let .object(name): return name
        }
    }

    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }
}
