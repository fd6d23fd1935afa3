import RealmFormat

/// The keys a link column's value links to (a single link, or a list of links), for the
/// backlink entries of the image.
enum TableLinks {
    static func keys(_ value: NewValue) -> [Int64] {
        switch value {
        case let .scalar(.link(_, key)): return [key]
        case let .list(elements): return elements.compactMap { if case let .link(_, key) = $0 { key } else { nil } }
        default: return []
        }
    }
}
