import APIBasics

/// A short list of strings kept in one TEXT column, one value per line (NYT's
/// keywords and image URLs): searchable by FTS as plain text, readable in
/// `sqlite3`, and cheaper than a child table for values only ever read whole.
///
///     try transaction.execute(sql, [.lines(article.keywords)])
///     let keywords = row["keywords"].lines
///
/// Values must not contain a line break themselves (one would split in two on
/// the way back); empty values are dropped on the way back.
extension SQLValue {
    /// `values` joined by `\n`, as TEXT.
    public static func lines(_ values: [String]) -> SQLValue {
        .text(values.joined(separator: "\n"))
    }

    /// The lines of a TEXT value; empty for NULL.
    public var lines: [String] {
        (string ?? "").pieces(between: "\n", omittingEmpty: true).map(String.init)
    }
}
