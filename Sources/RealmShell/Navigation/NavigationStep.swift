import RealmFormat

/// One step of a navigation path, with the text it adds to the prompt (`Specimen[3]`,
/// `.category`, `[2]`).
public struct NavigationStep {
    public let location: Location
    public let label: String
}
