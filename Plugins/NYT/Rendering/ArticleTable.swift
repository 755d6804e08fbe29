import APICore

/// Table and CSV output: the date, where it ran, the headline, who wrote it and the link.
///
/// Cells are the API's text as stored; the table renderer cleans and fits them.
enum ArticleTable {
    static let columns = [
        Table.Column("Date"),
        Table.Column("Section"),
        Table.Column("Headline", flexible: true),
        Table.Column("Byline", flexible: true),
        Table.Column("URL"),
    ]

    static func table(_ articles: [Article]) -> Table {
        Table(columns: columns, rows: articles.map(row))
    }

    /// The same table without its last column, the URL.
    static func withoutURL(_ table: Table) -> Table {
        Table(columns: Array(table.columns.dropLast()), rows: table.rows.map { Array($0.dropLast()) })
    }

    static func row(_ article: Article) -> [String] {
        [
            article.pubDate.map { String(Timestamp.format($0).prefix(10)) } ?? "",
            section(article),
            article.headline ?? article.snippet ?? "",
            byline(article.byline),
            article.webURL ?? "",
        ]
    }

    /// `Arts / Music`, or the one that is set.
    static func section(_ article: Article) -> String {
        [article.sectionName, article.subsectionName]
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
