import APICore

/// `--format csv`: one row per article, each column named as `--fields` and JSON name
/// it (`pub_date,section_name,headline,byline,web_url`) and holding what JSON holds
/// there, in the order the terminal table shows them. The terminal's own titles and
/// shortened cells (`Date`, `Arts / Music`, a byline without `By`) are the view's
/// (``ArticleTable``).
enum ArticleCSV {
    static let names = ["pub_date", "section_name", "headline", "byline", "web_url"]

    static func table(_ articles: [Article]) -> Table {
        Table(columns: names.map { Table.Column($0) }, rows: articles.map(row))
    }

    static func row(_ article: Article) -> [String] {
        let text = article.textSlots
        func field(_ slot: ArticleText.Slot) -> String { text[slot.rawValue] ?? "" }
        return [
            article.pubDate.map(Timestamp.format) ?? "", field(.sectionName), field(.headline), field(.byline),
            field(.webURL),
        ]
    }
}
