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

        public init(_ title: String, alignment: Alignment = .left, flexible: Bool = false) {
            self.title = title
            self.alignment = alignment
            self.flexible = flexible
        }
    }

    public enum Alignment: Sendable, Hashable {
        case left, right
    }
}
