/// Rows and columns, as a provider hands them to table and CSV output.
///
/// Cells hold text exactly as the API sent it; the table renderer cleans and
/// fits them for a terminal, CSV quotes them, neither changes the stored data.
public struct Table: Sendable, Hashable {
    public var columns: [Column]
    public var rows: [[String]]

    public init(columns: [Column], rows: [[String]] = []) {
        self.columns = columns
        self.rows = rows
    }

    public struct Column: Sendable, Hashable {
        public var title: String
        public var alignment: Alignment
        /// Whether this column gives up width first when the table is too wide
        /// (a headline or description, rather than a date).
        public var flexible: Bool
        /// How the column's cells look when colour is on (the header is always bold).
        public var style: ANSIStyle?

        public init(_ title: String, alignment: Alignment = .automatic, flexible: Bool = false, style: ANSIStyle? = nil) {
            self.title = title
            self.alignment = alignment
            self.flexible = flexible
            self.style = style
        }
    }

    public enum Alignment: Sendable, Hashable {
        case left, right
        /// Right when every non-empty cell is a number (`42`, `-3.5`, `1,204`, `80%`), left otherwise.
        case automatic
    }
}
