import APICore

/// `--format json`: one object per article, snake_case keys in a fixed order,
/// `pub_date` as ISO 8601 UTC, `word_count` a number or null, `multimedia` the image URLs.
///
/// The text fields are read from the packed text in one pass and the members are
/// gathered straight into one array: a dictionary literal made a second array of
/// pairs, and reading each field on its own walked the buffer from its start.
enum ArticleJSON {
    static func object(_ article: Article) -> JSONValue {
        let text = article.textSlots
        func field(_ slot: ArticleText.Slot) -> JSONValue { .init(text[slot.rawValue]) }
        var members: [JSONValue.Member] = []
        members.reserveCapacity(16)
        members.append(.init("id", .string(article.id)))
        members.append(.init("web_url", field(.webURL)))
        members.append(.init("headline", field(.headline)))
        members.append(.init("abstract", field(.abstract)))
        members.append(.init("lead_paragraph", field(.leadParagraph)))
        members.append(.init("snippet", field(.snippet)))
        members.append(.init("byline", field(.byline)))
        members.append(.init("pub_date", .init(article.pubDate.map(Timestamp.format))))
        members.append(.init("section_name", field(.sectionName)))
        members.append(.init("subsection_name", field(.subsectionName)))
        members.append(.init("news_desk", field(.newsDesk)))
        members.append(.init("type_of_material", field(.typeOfMaterial)))
        members.append(.init("document_type", field(.documentType)))
        members.append(.init("word_count", .init(article.wordCount)))
        members.append(.init("source", field(.source)))
        members.append(.init("multimedia", .array(article.multimedia.map(JSONValue.string))))
        return .object(members)
    }
}
