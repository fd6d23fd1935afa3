import RealmInterchange

/// A column of output: its name (header, CSV header, JSON key, line-mode label) and alignment.
public struct OutputColumn: Equatable, Sendable {
    public let name: String
    public let alignment: ColumnAlignment

    public init(_ name: String, alignment: ColumnAlignment = .left) {
        self.name = name
        self.alignment = alignment
    }
}
