/// Everything that decides how rows look at this moment: the mode and header setting the user
/// chose, and what the destination allows (colors and a width only on a terminal).
public struct OutputStyle: Equatable, Sendable {
    public var mode: OutputMode
    public var showsHeaders: Bool
    public var colors: Bool
    /// The terminal's width in columns; nil when the output is not a terminal (no fitting).
    public var width: Int?
    /// Longest cell in the aligned table modes before it is cut with an ellipsis.
    public var maximumCellWidth: Int

    public init(mode: OutputMode = .table, showsHeaders: Bool = true, colors: Bool = false, width: Int? = nil,
                maximumCellWidth: Int = 40) {
        self.mode = mode
        self.showsHeaders = showsHeaders
        self.colors = colors
        self.width = width
        self.maximumCellWidth = maximumCellWidth
    }

    /// ANSI styling, or none.
    var paint: TextPaint { TextPaint(enabled: colors && !mode.isMachineReadable && mode != .markdown) }
}

/// ANSI SGR codes for the few things color helps to tell apart: headers, nulls, links, and the
/// notes under a listing. Disabled, every method returns its text unchanged.
struct TextPaint {
    let enabled: Bool

    static let reset = "\u{1B}[0m"
    static let bold = "\u{1B}[1m"
    static let dim = "\u{1B}[2m"
    static let cyan = "\u{1B}[36m"

    func header(_ text: String) -> String { wrap(text, Self.bold) }
    func note(_ text: String) -> String { wrap(text, Self.dim) }

    func cell(_ text: String, kind: Cell.Kind) -> String {
        switch kind {
        case .null: return wrap(text, Self.dim)
        case .link: return wrap(text, Self.cyan)
        case .text, .number: return text
        }
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? code + text + Self.reset : text
    }
}
