/// Rows and columns, as a provider hands them to the host: the host draws them
/// for a terminal, writes them as CSV, and never asks the provider for text.
///
/// Cells hold text exactly as the API sent it (or as the provider phrased a
/// measurement); the host cleans and fits them for a terminal and cleans them
/// for CSV, and the store and JSON keep the exact text.
///
/// Rows come in ``Section``s: a heading the terminal shows above its rows (the
/// weather's local days), or none. CSV ignores headings and writes the rows.
///
///     Table(columns: [Column("TIME"), Column("TEMP", role: .measure), Column("WEATHER", role: .flexible)],
///           sections: [Section("Tue 2022-09-20", rows: [["21:00", "14.2°C", "light rain"]])])
public struct Table: Sendable, Hashable {
    public var columns: [Column]
    public var sections: [Section]

    /// A table whose rows have no heading.
    public init(columns: [Column], rows: [[String]] = []) {
        self.columns = columns
        self.sections = rows.isEmpty ? [] : [Section(rows: rows)]
    }

    public init(columns: [Column], sections: [Section]) {
        self.columns = columns
        self.sections = sections
    }

    /// Every row, section after section.
    public var rows: [[String]] { sections.flatMap(\.rows) }

    /// Rows under an optional heading line.
    public struct Section: Sendable, Hashable {
        public var heading: String?
        public var rows: [[String]]
        /// Per row and column, a style for that cell alone when colour is on (a temperature
        /// coloured by its value); nil, or a row or column past the end, keeps the column's.
        public var styles: [[ANSIStyle?]] = []

        public init(_ heading: String? = nil, rows: [[String]]) {
            self.heading = heading
            self.rows = rows
        }
    }

    public struct Column: Sendable, Hashable {
        public var title: String
        public var alignment: Alignment
        public var role: Role
        /// When the table cannot fit even with every cell shrunk, columns with a
        /// rank are left out, lowest rank first; a column without one is always shown.
        public var dropRank: Int?
        /// How the column's cells look when colour is on (the header is always bold).
        public var style: ANSIStyle?
        /// The column a reader scans (a headline, a title): on a narrow terminal it keeps the
        /// widest share, never narrower than another text column; the others shrink first.
        public var leads: Bool

        public init(
            _ title: String, role: Role = .text, alignment: Alignment = .automatic, dropRank: Int? = nil,
            style: ANSIStyle? = nil, leads: Bool = false
        ) {
            self.title = title
            self.role = role
            self.alignment = alignment
            self.dropRank = dropRank
            self.style = style
            self.leads = leads
        }
    }

    /// What a column's cells are, which decides how they give way on a narrow terminal.
    public enum Role: Sendable, Hashable {
        /// Short text (a date, a section): shrinks after flexible text, before giving up a column.
        case text
        /// Prose (a headline, a description): the first to shrink, cut with `…`.
        case flexible
        /// A number with its unit (`14.2°C`, `NE 3.4 m/s`): never cut. A cut number is a wrong number.
        case measure
        /// Only with `--wide` (a URL, which is useless cut); CSV and JSON always keep it.
        case wideOnly
    }

    public enum Alignment: Sendable, Hashable {
        case left, right
        /// Right when every non-empty cell is a number (`42`, `-3.5`, `1,204`, `80%`), left otherwise.
        case automatic
    }
}
