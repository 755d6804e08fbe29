/// Draws a ``Table`` for a terminal: cleaned, measured in display columns,
/// fitted to the terminal's width, with a bold header when colour is on.
///
/// Every header and cell passes through ``TerminalSanitizer`` here, at the
/// last moment, so that no escape sequence from a server reaches the screen
/// while the store and JSON keep the exact text. Padding uses
/// ``DisplayWidth`` so CJK and emoji cells line up. Unless `terminal.wide`,
/// cells are cut with `…` so that each line fits `terminal.width`. Lines
/// never end in spaces, so output is stable for tests and diffs.
public enum TableRenderer {
    public static func render(_ table: Table, terminal: Terminal) -> String {
        guard !table.columns.isEmpty else { return "" }
        let count = table.columns.count
        let headers = table.columns.map { TerminalSanitizer.clean($0.title) }
        let rows = table.rows.map { row in
            (0..<count).map { $0 < row.count ? TerminalSanitizer.clean(row[$0]) : "" }
        }
        let rightAligned = table.columns.indices.map { index in
            switch table.columns[index].alignment {
            case .left: false
            case .right: true
            case .automatic: isNumeric(column: rows.map { $0[index] })
            }
        }
        let natural = (0..<count).map { index in
            rows.reduce(DisplayWidth.of(headers[index])) { max($0, DisplayWidth.of($1[index])) }
        }
        let widths = terminal.wide
            ? natural
            : TableLayout.widths(
                natural: natural, flexible: table.columns.map(\.flexible), available: max(1, terminal.width))

        func line(_ cells: [String], styles: [ANSIStyle?]) -> String {
            var pieces: [String] = []
            for index in 0..<count {
                let text = terminal.wide
                    ? cells[index]
                    : DisplayWidth.truncate(cells[index], toWidth: widths[index], unicode: terminal.unicode)
                let padding = String(repeating: " ", count: max(0, widths[index] - DisplayWidth.of(text)))
                let styled = styles[index]?.apply(text, for: terminal) ?? text
                pieces.append(rightAligned[index] ? padding + styled : styled + padding)
            }
            return pieces.joined(separator: String(repeating: " ", count: TableLayout.gap)).trimmingTrailingSpaces() + "\n"
        }

        let headerStyles = [ANSIStyle?](repeating: .bold, count: count)
        let cellStyles = table.columns.map(\.style)
        return line(headers, styles: headerStyles) + rows.map { line($0, styles: cellStyles) }.joined()
    }

    /// Whether a column holds numbers only (ignoring empty cells), so it reads right-aligned.
    static func isNumeric(column: [String]) -> Bool {
        var sawNumber = false
        for cell in column {
            let text = cell.trimmingSpaces()
            if text.isEmpty { continue }
            guard looksNumeric(text) else { return false }
            sawNumber = true
        }
        return sawNumber
    }

    /// `42`, `-3.5`, `+1,204`, `80%`: digits with an optional sign, separators, point and percent.
    static func looksNumeric(_ text: String) -> Bool {
        var body = Substring(text)
        if body.first == "-" || body.first == "+" || body.first == "−" { body = body.dropFirst() }
        if body.last == "%" { body = body.dropLast() }
        guard let first = body.first, first.isASCII, first.isNumber, let last = body.last, last.isASCII, last.isNumber
        else { return false }
        var points = 0
        for character in body {
            if character == "." { points += 1; continue }
            if character == "," { continue }
            guard character.isASCII, character.isNumber else { return false }
        }
        return points <= 1
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }

    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while slice.first == " " { slice = slice.dropFirst() }
        while slice.last == " " { slice = slice.dropLast() }
        return String(slice)
    }
}
