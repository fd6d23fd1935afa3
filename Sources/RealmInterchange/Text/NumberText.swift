import RealmFormat

/// The text of floating-point numbers in exports and on screen: Swift's shortest form that
/// reads back as the same number, `nan`, `inf` or `-inf`.
public enum NumberText {
    public static func text(of number: Float) -> String {
        number.isNaN ? "nan" : number.isInfinite ? (number < 0 ? "-inf" : "inf") : "\(number)"
    }

    public static func text(of number: Double) -> String {
        number.isNaN ? "nan" : number.isInfinite ? (number < 0 ? "-inf" : "inf") : "\(number)"
    }
}
