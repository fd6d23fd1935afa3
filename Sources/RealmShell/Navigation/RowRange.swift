/// A range of positions typed as `FROM..TO` (TO excluded), `FROM..` or `..TO`.
public struct RowRange: Equatable {
    public let lowerBound: Int
    public let upperBound: Int?

    public init(lowerBound: Int, upperBound: Int?) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }

    public static func parse(_ text: String) throws(BrowserError) -> RowRange {
        guard let dots = text.firstRange(of: "..") else {
            guard let start = Int(text), start >= 0 else { throw .invalidRange(text) }
            return RowRange(lowerBound: start, upperBound: nil)
        }
        let lowerText = String(text[..<dots.lowerBound])
        let upperText = String(text[dots.upperBound...])
        let lower = lowerText.isEmpty ? 0 : Int(lowerText)
        let upper = upperText.isEmpty ? nil : Int(upperText)
        guard let lower, lower >= 0, upperText.isEmpty || (upper.map { $0 >= lower } ?? false) else {
            throw .invalidRange(text)
        }
        return RowRange(lowerBound: lower, upperBound: upper)
    }
}
