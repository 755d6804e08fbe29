import APICore

/// The terminal view of a search: the article table, and on stderr how much of
/// the search it shows (`10 of 2,431; more with --pages`), or that nothing
/// matched, instead of a bare header.
enum ArticleView {
    static func view(_ pages: [SearchPage]) -> TerminalView {
        let table = ArticleTable.table(pages.flatMap(\.articles))
        let shown = table.rows.count
        guard shown > 0 else {
            let stored = pages.contains(where: \.storedNoMatch)
            return TerminalView(table: table, notes: [stored ? "no stored articles match" : "no articles match"])
        }
        // `hits` counts every match across pages; a stored answer read back has none.
        let hits = pages.compactMap(\.hits).max()
        return TerminalView(table: table, notes: ShownOfTotal.note(shown: shown, total: hits).map { [$0] } ?? [])
    }
}
