/// What a provider shows for one result on a terminal, as data: a few header
/// lines above a table. The host draws it, fits it to the terminal's width and
/// streams it; a provider never returns text for the host to edit.
///
/// The weather's view of one city is its title, a temperature chart and the
/// sun line, then the steps grouped by local day:
///
///     TerminalView(
///         header: [.title("Paris, FR"), .chart("temperature", values: temps, notes: ["min 9.1°C", "max 17.0°C"]),
///                  .facts(["sunrise 07:46", "sunset 19:43"])],
///         table: table, emptyNote: "no forecast steps in the answer")
public struct TerminalView: Sendable, Hashable {
    public var header: [HeaderLine]
    public var table: Table
    /// Printed under the header in place of a table that has no rows. Without one, a
    /// table with no rows prints nothing at all rather than bare column titles.
    public var emptyNote: String?
    /// Said on stderr, not drawn (`10 of 2,431; more with --pages`): facts about the
    /// view that a script reading stdout must not receive. `--quiet` hides them.
    public var notes: [String]

    public init(header: [HeaderLine] = [], table: Table, emptyNote: String? = nil, notes: [String] = []) {
        self.header = header
        self.table = table
        self.emptyNote = emptyNote
        self.notes = notes
    }
}

/// One line above a table. The host cleans every piece of text, fits the line
/// to the terminal and chooses separators and symbols the terminal can show.
public enum HeaderLine: Sendable, Hashable {
    /// A title (`Paris, FR`), cut with `…` when the terminal is narrower.
    case title(String)
    /// `label  ▁▂▄▆█▆▃  note · note`: a one-line chart of `values` that gives up
    /// width first, so the line fits with its notes. Left out when no value is finite.
    case chart(String, values: [Double], notes: [String])
    /// Short facts on one line, separated by ` · ` (` | ` without UTF-8).
    case facts([String])
    /// One line of pieces, each in its own style when colour is on (a chart coloured by
    /// value); drawn plain and cut with `…` when wider than the terminal.
    case styled([StyledText])
}

/// A piece of a ``HeaderLine/styled(_:)`` line: its text, and its style when colour is on.
public struct StyledText: Sendable, Hashable {
    public var text: String
    public var style: ANSIStyle?

    public init(_ text: String, style: ANSIStyle? = nil) {
        self.text = text
        self.style = style
    }
}
