/// Draws a ``Table`` for a terminal: cleaned, measured in display columns,
/// fitted to the terminal's width, with a bold header when colour is on and a
/// heading line above each titled section.
///
/// Every header and cell passes through ``TerminalSanitizer`` here, at the
/// last moment, so that no escape sequence from a server reaches the screen
/// while the store and JSON keep the exact text. Padding uses
/// ``DisplayWidth`` so CJK and emoji cells line up. Unless `terminal.wide`,
/// ``TableLayout`` decides which columns show and how wide (wide-only columns
/// are left out), and cells are cut with `…` to fit. Lines never end in
/// spaces, so output is stable for tests and diffs.
public enum TableRenderer {
    public static func render(_ table: Table, terminal: Terminal) -> String {
        OutputWriter.collecting { write(table, terminal: terminal, to: &$0) }
    }

    /// The same text through `out`, one piece per line.
    static func write(_ table: Table, terminal: Terminal, to out: inout OutputWriter) {
        guard !table.columns.isEmpty else { return }
        let frame = Frame(table, terminal: terminal)
        out.write(frame.header)
        for section in frame.sections {
            if let heading = section.heading {
                out.write(terminal.wide ? heading : DisplayWidth.truncate(heading, toWidth: terminal.width, unicode: terminal.unicode))
                out.write(ascii: UInt8(ascii: "\n"))
            }
            for (index, row) in section.rows.enumerated() {
                frame.writeLine(row, styles: index < section.styles.count ? section.styles[index] : [], to: &out)
                out.pieceDone()
            }
        }
    }

    /// A table's measured layout: which columns show, how wide, which align right.
    ///
    /// Made from the rows at hand; ``row(_:)`` draws more rows in the same layout, so
    /// output that does not fit in memory (`store sql`) is measured on its first rows
    /// and then streamed, each later cell cut to the width measured.
    struct Frame {
        let terminal: Terminal
        let layout: TableLayout
        let rightAligned: [Bool]
        let cellStyles: [ANSIStyle?]
        /// The header line, bold when colour is on.
        private(set) var header = ""
        /// The table's sections, cleaned and padded to the column count.
        let sections: [(heading: String?, rows: [[String]], styles: [[ANSIStyle?]])]

        init(_ table: Table, terminal: Terminal) {
            let count = table.columns.count
            let headers = table.columns.map { TerminalSanitizer.clean($0.title) }
            sections = table.sections.map { section in
                (heading: section.heading.map { TerminalSanitizer.clean($0) },
                 rows: section.rows.map { row in Self.cleaned(row, count: count) }, styles: section.styles)
            }
            let rows = sections.flatMap(\.rows)
            rightAligned = table.columns.indices.map { index in
                switch table.columns[index].alignment {
                case .left: false
                case .right: true
                case .automatic: TableRenderer.isNumeric(column: rows.map { $0[index] })
                }
            }
            let natural = (0..<count).map { index in
                rows.reduce(DisplayWidth.of(headers[index])) { max($0, DisplayWidth.of($1[index])) }
            }
            layout = terminal.wide
                ? TableLayout(columns: Array(0..<count), widths: natural)
                : TableRenderer.fitted(table, natural: natural, width: terminal.width)
            self.terminal = terminal
            cellStyles = table.columns.map(\.style)
            let styles = [ANSIStyle?](repeating: .bold, count: count)
            header = OutputWriter.collecting { [self] in write(headers, styles: styles, to: &$0) }
        }

        /// One more row drawn in this layout; `cells` as given (it is cleaned here).
        func writeRow(_ cells: [String], to out: inout OutputWriter) {
            writeLine(Self.cleaned(cells, count: cellStyles.count), to: &out)
        }

        /// A row already cleaned and padded to the column count; `styles`, per cell, replace the column's.
        func writeLine(_ cells: [String], styles: [ANSIStyle?] = [], to out: inout OutputWriter) {
            guard !styles.isEmpty, terminal.color else { return write(cells, styles: cellStyles, to: &out) }
            let merged = cellStyles.indices.map { $0 < styles.count ? styles[$0] ?? cellStyles[$0] : cellStyles[$0] }
            write(cells, styles: merged, to: &out)
        }

        /// The cells cut and padded to their columns' widths, `TableLayout.gap` spaces
        /// apart; the line's trailing spaces are dropped.
        private func write(_ cells: [String], styles: [ANSIStyle?], to out: inout OutputWriter) {
            let start = out.position
            var first = true
            for (index, width) in zip(layout.columns, layout.widths) {
                if !first { out.write(spaces: TableLayout.gap) }
                first = false
                let text = terminal.wide
                    ? cells[index]
                    : DisplayWidth.truncate(cells[index], toWidth: width, unicode: terminal.unicode)
                let padding = max(0, width - DisplayWidth.of(text))
                let styled = styles[index]?.apply(text, for: terminal) ?? text
                if rightAligned[index] { out.write(spaces: padding) }
                out.write(styled)
                if !rightAligned[index] { out.write(spaces: padding) }
            }
            out.removeTrailingSpaces(after: start)
            out.write(ascii: UInt8(ascii: "\n"))
        }

        private static func cleaned(_ row: [String], count: Int) -> [String] {
            (0..<count).map { $0 < row.count ? TerminalSanitizer.clean(row[$0]) : "" }
        }
    }

    /// The layout for a terminal `width` columns wide; wide-only columns are left out.
    static func fitted(_ table: Table, natural: [Int], width: Int) -> TableLayout {
        let kept = table.columns.indices.filter { table.columns[$0].role != .wideOnly }
        let inner = TableLayout.fit(
            natural: kept.map { natural[$0] }, roles: kept.map { table.columns[$0].role },
            dropRanks: kept.map { table.columns[$0].dropRank }, available: width,
            leads: kept.map { table.columns[$0].leads })
        return TableLayout(columns: inner.columns.map { kept[$0] }, widths: inner.widths)
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
