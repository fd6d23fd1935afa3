import RealmFormat
import RealmInterchange

/// What `more` continues: a class listing or a collection, from the next position.
enum Listing {
    case table(name: String, next: Int)
    case collection(CollectionSummary, name: String, next: Int)
    case results(QueryResult, next: Int)
}
