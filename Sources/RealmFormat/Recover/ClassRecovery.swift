/// What recovery saved and lost of one table, and why: the per-class lines of the report.
public struct ClassRecovery: Sendable, Equatable {
    /// The class name (`Dog`), or the table name for internal tables (`metadata`).
    public let name: String
    public internal(set) var savedObjects = 0
    /// Objects the tree's own counts promised, when the root could still be counted.
    public internal(set) var expectedObjects: Int?
    /// Objects whose key or a required value could not be read, or whose primary key repeated
    /// one already saved, or embedded objects left without an owner.
    public internal(set) var lostObjects = 0
    /// Values of saved objects that could not be read: written as null, or as an empty collection.
    public internal(set) var lostValues = 0
    /// Links from saved objects to objects that were not saved: written as null, or left out
    /// of their list.
    public internal(set) var lostLinks = 0
    /// Properties left out of the new file (their target class was lost, or the writer cannot
    /// write their type).
    public internal(set) var droppedProperties: [String] = []
    /// Set when the table itself could not be read: nothing of it was saved.
    public internal(set) var tableLost: String?
    /// The first distinct reasons, with where (table, object, property, offset).
    public internal(set) var reasons: [String] = []
    public internal(set) var unlistedReasons = 0

    static let reasonLimit = 8

    init(name: String) {
        self.name = name
    }

    /// A class of which every object was saved, `lostValues` of their values lost for `reasons`
    /// (RealmLegacy: values of damaged enumerated-string leaves).
    public init(name: String, savedObjects: Int, lostValues: Int, reasons: [String]) {
        self.name = name
        self.savedObjects = savedObjects
        self.lostValues = lostValues
        for reason in reasons { note(reason) }
    }

    /// Whether everything the table held is in the new file.
    public var isComplete: Bool {
        tableLost == nil && lostObjects == 0 && lostValues == 0 && lostLinks == 0 && droppedProperties.isEmpty
            && (expectedObjects.map { $0 == savedObjects } ?? true)
    }

    /// Objects the tree promised that no leaf delivered (a subtree or leaf that could not be
    /// read), on top of those counted one by one.
    public var unaccountedObjects: Int {
        guard let expectedObjects else { return 0 }
        return max(0, expectedObjects - savedObjects - lostObjects)
    }

    mutating func note(_ reason: String) {
        guard !reasons.contains(reason) else { return }
        if reasons.count < ClassRecovery.reasonLimit { reasons.append(reason) } else { unlistedReasons += 1 }
    }
}
