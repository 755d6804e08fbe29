import APICore

/// Table and CSV output: the date, where it ran, the headline, who wrote it and the link.
///
/// Cells are the API's text as stored; the host cleans and fits them. The
/// terminal shows the link only with `--wide` (a link cut to fit is useless,
/// and the headline is what a reader scans); CSV and JSON always keep it.
/// On a narrow terminal the headline keeps the widest share: the section and byline
/// shrink first, then the byline goes, then the section.
enum ArticleTable {
    static let columns = [
        Table.Column("Date"),
        Table.Column("Section", dropRank: 2),
        Table.Column("Headline", role: .flexible, leads: true),
        Table.Column("Byline", role: .flexible, dropRank: 1),
        Table.Column("URL", role: .wideOnly),
    ]

    static func table(_ articles: [Article]) -> Table {
        Table(columns: columns, rows: articles.map(row))
    }

    /// One row; the text fields are read from the packed text in one pass, not once each.
    static func row(_ article: Article) -> [String] {
        let text = article.textSlots
        func field(_ slot: ArticleText.Slot) -> String? { text[slot.rawValue] }
        return [
            article.pubDate.map { String(Timestamp.format($0).prefix(10)) } ?? "",
            section(field(.sectionName), field(.subsectionName)),
            headline([field(.headline), field(.snippet), field(.abstract), field(.leadParagraph), field(.webURL)]),
            byline(field(.byline)),
            field(.webURL) ?? "",
        ]
    }

    /// The headline, else the first text that says what the article is: the oldest
    /// articles carry only a lead paragraph and a link, and a row must never be blank.
    /// `candidates`: headline, snippet, abstract, lead paragraph, link.
    static func headline(_ candidates: [String?]) -> String {
        candidates.lazy.compactMap { $0 }.first { !$0.allSatisfy(\.isWhitespace) } ?? ""
    }

    /// `Arts / Music`, or the one that is set.
    static func section(_ name: String?, _ subsection: String?) -> String {
        [name, subsection]
            .compactMap { $0?.isEmpty == false ? $0 : nil }
            .joined(separator: " / ")
    }

    /// `By KWAME ANTHONY APPIAH` → `KWAME ANTHONY APPIAH`: the column title says it already.
    static func byline(_ text: String?) -> String {
        guard let text else { return "" }
        for prefix in ["By ", "BY ", "by "] where text.hasPrefix(prefix) {
            return String(text.dropFirst(prefix.count))
        }
        return text
    }
}
