import RealmInterchange

/// One value in a row of output, in each form the output modes need: a one-line text for
/// people, the bare value for CSV and a JSON value for the JSON modes. Commands fill all three
/// so that the mode alone decides what is printed.
public struct Cell: Equatable, Sendable {
    /// Equal when every form is: a JSON given and the same JSON made from `raw` are equal.
    public static func == (left: Cell, right: Cell) -> Bool {
        left.text == right.text && left.raw == right.raw && left.kind == right.kind && left.wholePrefix == right.wholePrefix
            && left.shortText == right.shortText && left.json == right.json
    }

    /// What color and alignment a value gets.
    public enum Kind: Equatable, Sendable { case text, number, null, link }

    /// For people: one line, control characters escaped (table, box, line, markdown).
    public var text: String
    /// For CSV: the value itself, strings unescaped (RFC 4180 quoting keeps newlines), null empty.
    public var raw: String
    /// A JSON value (json and jsonl modes); without one given, made from `raw` when asked for:
    /// the table modes never ask, and encoding every cell anyway was a tenth of a lookup.
    public var json: String {
        get {
            if let givenJSON { return givenJSON }
            var string = ""
            CanonicalValueEncoder.appendJSONString(raw, to: &string)
            return string
        }
        set { givenJSON = newValue }
    }
    private var givenJSON: String?
    public var kind: Kind
    /// How many leading characters of `text` a narrow table may never cut: all of a number, a
    /// date, an id or a key; the `Class[N]` of an object reference (its label may be cut); none
    /// of a string.
    public var wholePrefix: Int
    /// A shorter form for a narrow table, where the column makes it unambiguous: `[493]` for
    /// `Item[493]` in a listing of Items.
    public var shortText: String?

    /// Without `json`, the cell is a JSON string of its raw text.
    public init(text: String, raw: String? = nil, json: String? = nil, kind: Kind = .text, keepsWhole: Bool = false,
                shortText: String? = nil) {
        self.text = text
        self.raw = raw ?? text
        givenJSON = json
        self.kind = kind
        self.shortText = shortText
        switch kind {
        case .number, .null: wholePrefix = text.count
        case .link: wholePrefix = (text.firstIndex(of: "]").map { text.distance(from: text.startIndex, to: $0) + 1 }) ?? text.count
        case .text: wholePrefix = keepsWhole ? text.count : 0
        }
    }

    /// A string shown as it is (escaped where it holds control characters).
    public static func string(_ value: String) -> Cell {
        Cell(text: ValueFormatter().escapeControlCharacters(value), raw: value)
    }

    public static func number(_ value: Int) -> Cell {
        Cell(text: String(value), json: String(value), kind: .number)
    }

    public static func bool(_ value: Bool) -> Cell {
        Cell(text: value ? "true" : "false", json: value ? "true" : "false")
    }

    /// Whether `text` is a number as JSON writes it (`-12`, `0.5`, `1e-05`), so that a figure
    /// computed as text can be printed as a JSON number.
    public static func isJSONNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" { rest.removeFirst() }
        func digits() -> Substring {
            let run = rest.prefix { $0.isASCII && $0.isNumber }
            rest.removeFirst(run.count)
            return run
        }
        let integer = digits()
        guard !integer.isEmpty, integer.count == 1 || integer.first != "0" else { return false }
        if rest.first == "." {
            rest.removeFirst()
            guard !digits().isEmpty else { return false }
        }
        if rest.first == "e" || rest.first == "E" {
            rest.removeFirst()
            if rest.first == "+" || rest.first == "-" { rest.removeFirst() }
            guard !digits().isEmpty else { return false }
        }
        return rest.isEmpty
    }

    /// Shown as `null` for people, empty in CSV.
    public static let null = Cell(text: "null", raw: "", json: "null", kind: .null)
}

/// How a column's cells line up in the aligned modes.
public enum ColumnAlignment: Equatable, Sendable { case left, right }
