import RealmFormat

/// A primary key value as a dictionary key. Realm allows int, string, objectId and uuid keys,
/// each optional; anything else (a damaged file) falls back to its description.
enum MatchKey: Hashable {
    case null
    case int(Int64)
    case string(String)
    case objectId(ObjectId)
    case uuid(RealmUUID)
    case other(String)

    init(_ value: RealmValue) {
        switch value {
        case .null: self = .null
        case let .int(number): self = .int(number)
        case let .string(text): self = .string(text)
        case let .objectId(id): self = .objectId(id)
        case let .uuid(uuid): self = .uuid(uuid)
        default: self = .other("\(value)")
        }
    }
}
