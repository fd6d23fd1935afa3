#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the standard output is: a terminal (colors, its width, a pager for tall results) or a
/// pipe or file (plain text, nothing cut, never a pager). Decided once at start-up from the
/// environment; the window size is read again for every command, so resizing is honoured.
public struct TerminalSettings: Equatable, Sendable {
    /// Whether standard output is a terminal.
    public var isTerminal: Bool
    /// Color codes are written (a terminal, and NO_COLOR unset, or CLICOLOR_FORCE set).
    public var colors: Bool
    /// `COLUMNS` from the environment, which wins over the window size (and applies to pipes).
    public var columnsOverride: Int?
    /// `LINES` from the environment, likewise.
    public var linesOverride: Int?
    /// The pager command for results taller than the window; only for an interactive session.
    public var pager: String?

    public init(isTerminal: Bool = false, colors: Bool = false, columnsOverride: Int? = nil,
                linesOverride: Int? = nil, pager: String? = nil) {
        self.isTerminal = isTerminal
        self.colors = colors
        self.columnsOverride = columnsOverride
        self.linesOverride = linesOverride
        self.pager = pager
    }

    /// Plain output, as in scripts and tests.
    public static let plain = TerminalSettings()

    /// The settings for this process. `interactive` (standard input is a terminal) allows the
    /// pager: scripts and tests never get one.
    public static func detect(interactive: Bool) -> TerminalSettings {
        let isTerminal = isatty(1) == 1
        let noColor = !(environment("NO_COLOR") ?? "").isEmpty
        let forced = (environment("CLICOLOR_FORCE").map { !$0.isEmpty && $0 != "0" }) ?? false
        let dumb = environment("TERM") == "dumb"
        let pager: String? = interactive && isTerminal ? (environment("PAGER") ?? "less -FRX") : nil
        return TerminalSettings(
            isTerminal: isTerminal,
            colors: !noColor && (forced || (isTerminal && !dumb)),
            columnsOverride: environment("COLUMNS").flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil },
            linesOverride: environment("LINES").flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil },
            pager: pager.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The width to fit tables into, or nil for unlimited.
    public var columns: Int? {
        columnsOverride ?? (isTerminal ? Self.windowSize()?.columns : nil)
    }

    /// The height above which a result goes through the pager.
    public var lines: Int? {
        linesOverride ?? (isTerminal ? Self.windowSize()?.rows : nil)
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    static func windowSize() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
