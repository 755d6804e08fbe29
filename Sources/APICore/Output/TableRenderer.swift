/// Draws a ``Table`` for a terminal (first version: plain columns; the
/// terminal-safety issue adds cleaning, display width and fitting).
public enum TableRenderer {
    public static func render(_ table: Table, terminal: Terminal) -> String {
        let rows = table.rows
        var widths = table.columns.map { $0.title.count }
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: max(0, (index < widths.count ? widths[index] : 0) - cell.count))
                return index < table.columns.count && table.columns[index].alignment == .right ? pad + cell : cell + pad
            }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        return line(table.columns.map(\.title)) + rows.map(line).joined()
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
