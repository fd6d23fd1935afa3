/// Realm Browser's value recipe for the demo database, as one seeded random sequence: all
/// RealmTestClass0 objects, then all RealmTestClass1 objects, then all RealmTestClass2 objects,
/// each object's values drawn in property order.
///
/// The sequence is walked more than once (`DemoBacklinks` replays it for the links before the
/// objects are written), so every walk must draw through these functions: a value drawn or
/// skipped differently would shift every later one. The draws are cheap and build nothing on
/// the heap; turning them into stored values (`DemoText.string`) is left to the caller.
struct DemoDraws {
    private var random: SeededGenerator
    /// Objects per class: links pick their target among these.
    let rows: Int

    init(seed: UInt64, rows: Int) {
        random = SeededGenerator(seed: seed)
        self.rows = rows
    }

    struct Object0 {
        var integer: Int64
        var text: DemoText
    }

    struct Object1 {
        var integer: Int64
        var flag: Bool
        var float: Float
        var double: Double
        var text: DemoText
        /// Seconds before the database's reference instant.
        var secondsBack: Int64
    }

    struct Object2 {
        var integer: Int64
        var flag: Bool
        /// The position of the RealmTestClass1 object linked to.
        var target: Int
    }

    // Each value is drawn into its own constant, in property order, so that the order of the
    // sequence reads from the code.

    mutating func object0() -> Object0 {
        let integer = drawInteger()
        let text = drawText()
        return Object0(integer: integer, text: text)
    }

    /// `linkTarget` is called for each element of the object's `arrayReference`, in list order,
    /// with the position of the RealmTestClass0 object it links to.
    mutating func object1(linkTarget: (Int) -> Void) -> Object1 {
        let integer = drawInteger()
        let flag = drawFlag()
        let float = drawFloat()
        let double = drawDouble()
        let text = drawText()
        let secondsBack = Int64.random(in: 0..<999_999_999, using: &random)
        let count = rows == 0 ? 0 : Int.random(in: 0...12, using: &random)
        for _ in 0..<count { linkTarget(Int.random(in: 0..<rows, using: &random)) }
        return Object1(integer: integer, flag: flag, float: float, double: double, text: text, secondsBack: secondsBack)
    }

    mutating func object2() -> Object2 {
        let integer = drawInteger()
        let flag = drawFlag()
        let target = Int.random(in: 0..<rows, using: &random)
        return Object2(integer: integer, flag: flag, target: target)
    }

    /// INT64_MIN, INT64_MAX or 0 with probability 1/20 each, otherwise uniform in [0, 9999999).
    private mutating func drawInteger() -> Int64 {
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return .min
        case 1: return .max
        case 2: return 0
        default: return Int64.random(in: 0..<9_999_999, using: &random)
        }
    }

    private mutating func drawFlag() -> Bool {
        random.next() & 1 == 1
    }

    private mutating func drawFloat() -> Float {
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return .leastNormalMagnitude
        case 1: return .greatestFiniteMagnitude
        case 2: return 0
        default: return Float(Int.random(in: 0..<9_999_999, using: &random)) / 9999
        }
    }

    private mutating func drawDouble() -> Double {
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return .leastNormalMagnitude
        case 1: return .greatestFiniteMagnitude
        case 2: return 0
        default: return Double(Int.random(in: 0..<9_999_999, using: &random)) / 9999
        }
    }

    /// Sixteen random bytes for a UUID, then whether the text is padded (one in a hundred).
    private mutating func drawText() -> DemoText {
        var high: UInt64 = 0, low: UInt64 = 0
        for index in 0..<16 {
            let byte = UInt64(UInt8.random(in: 0...255, using: &random))
            if index < 8 { high |= byte << (56 - 8 * index) } else { low |= byte << (56 - 8 * (index - 8)) }
        }
        return DemoText(high: high, low: low, isPadded: Int.random(in: 0..<100, using: &random) == 0)
    }
}
