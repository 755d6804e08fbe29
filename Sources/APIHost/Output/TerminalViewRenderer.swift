/// Draws a provider's ``TerminalView``s: each one's header lines, then its
/// table (or its note when the table has no rows), with a blank line between
/// views and between a header and its table.
///
/// Header text is cleaned like table cells, and every header line is fitted to
/// the terminal: a title is cut with `…`, a chart gives up width to its notes.
/// A view with nothing to show (no header, no rows, no note) prints nothing.
/// The views' notes are handed to `notice`, for stderr.
enum TerminalViewRenderer {
    static func render(_ views: [TerminalView], terminal: Terminal, notice: (String) -> Void = { _ in }) -> String {
        OutputWriter.collecting { render(views, terminal: terminal, to: &$0, notice: notice) }
    }

    /// The same text through `out`.
    static func render(
        _ views: [TerminalView], terminal: Terminal, to out: inout OutputWriter, notice: (String) -> Void = { _ in }
    ) {
        for note in views.flatMap(\.notes) { notice(TerminalSanitizer.clean(note)) }
        var wroteOne = false
        for view in views {
            let headerText = view.header.compactMap { line($0, terminal: terminal) }.map { $0 + "\n" }.joined(with: "")
            let emptyNote = view.table.rows.isEmpty ? view.emptyNote : nil
            // A view with nothing to draw prints nothing, not even the blank line between views.
            if headerText.isEmpty, emptyNote == nil, view.table.rows.isEmpty || view.table.columns.isEmpty { continue }
            if wroteOne { out.write(ascii: UInt8(ascii: "\n")) }
            wroteOne = true
            out.write(headerText)
            if view.table.rows.isEmpty, let emptyNote {
                out.write(fit(TerminalSanitizer.clean(emptyNote), terminal))
                out.write(ascii: UInt8(ascii: "\n"))
                continue
            }
            if !headerText.isEmpty { out.write(ascii: UInt8(ascii: "\n")) }
            TableRenderer.write(view.table, terminal: terminal, to: &out)
        }
    }

    static func render(_ view: TerminalView, terminal: Terminal) -> String {
        OutputWriter.collecting { render([view], terminal: terminal, to: &$0) }
    }

    /// One header line fitted to the terminal; nil when there is nothing to draw.
    static func line(_ header: HeaderLine, terminal: Terminal) -> String? {
        let separator = terminal.unicode ? " · " : " | "
        switch header {
        case let .title(text):
            return fit(TerminalSanitizer.clean(text), terminal)
        case let .facts(facts):
            return fit(facts.map { TerminalSanitizer.clean($0) }.joined(with: separator), terminal)
        case let .styled(pieces):
            let cleaned = pieces.map { ($0.style, TerminalSanitizer.clean($0.text)) }
            let plain = cleaned.map(\.1).joined(with: "")
            guard terminal.wide || DisplayWidth.of(plain) <= terminal.width else { return fit(plain, terminal) }
            return cleaned.map { style, text in style?.apply(text, for: terminal) ?? text }.joined(with: "")
        case let .chart(label, values, notes):
            let sparkline = Sparkline(values)
            guard sparkline.range != nil else { return nil }
            let prefix = TerminalSanitizer.clean(label) + "  "
            let suffix = notes.map { TerminalSanitizer.clean($0) }.joined(with: separator)
            // The chart gives up width first, so the line fits the terminal with its notes.
            let room = terminal.width - DisplayWidth.of(prefix) - 2 - DisplayWidth.of(suffix)
            let chart = sparkline.text(for: terminal, maxWidth: max(8, room))
            return fit(prefix + chart + (suffix.isEmpty ? "" : "  " + suffix), terminal)
        }
    }

    /// `text` cut with `…` to the terminal's width, unless `--wide`.
    private static func fit(_ text: String, _ terminal: Terminal) -> String {
        terminal.wide ? text : DisplayWidth.truncate(text, toWidth: max(1, terminal.width), unicode: terminal.unicode)
    }
}
