import RealmFormat

/// The SDKs `models` writes model definitions for.
public enum ModelLanguage: String, CaseIterable, Sendable {
    case swift, kotlin, java, js, ts, csharp

    public static func named(_ text: String) -> ModelLanguage? {
        switch text.lowercased() {
        case "javascript": return .js
        case "typescript": return .ts
        case "c#", "cs", "dotnet", ".net": return .csharp
        default: return ModelLanguage(rawValue: text.lowercased())
        }
    }

    /// The source text for `classes` of `schema` in this language.
    public func source(for classes: [ModelClass], fileName: String) -> String {
        switch self {
        case .swift: return SwiftModelWriter.source(for: classes, fileName: fileName)
        case .kotlin: return KotlinModelWriter.source(for: classes, fileName: fileName)
        case .java: return JavaModelWriter.source(for: classes, fileName: fileName)
        case .js: return JavaScriptModelWriter(typed: false).source(for: classes, fileName: fileName)
        case .ts: return JavaScriptModelWriter(typed: true).source(for: classes, fileName: fileName)
        case .csharp: return CSharpModelWriter.source(for: classes, fileName: fileName)
        }
    }
}
