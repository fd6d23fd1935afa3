import RealmFormat

/// Somewhere a user can stand or look: a class, one object, a collection, or a single value.
public enum Location {
    case table(Table)
    case object(ObjectHandle)
    /// A list, set or dictionary, with the name of the property (or element) it came from.
    case collection(CollectionSummary, name: String)
    case value(RealmValue)
    /// The objects a query returned.
    case results(QueryResult)
}
