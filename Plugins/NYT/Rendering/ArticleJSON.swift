import APICore

/// `--format json`: one object per article, snake_case keys in a fixed order,
/// `pub_date` as ISO 8601 UTC, `word_count` a number or null, `multimedia` the image URLs.
enum ArticleJSON {
    static func object(_ article: Article) -> JSONValue {
        [
            "id": .string(article.id),
            "web_url": .init(article.webURL),
            "headline": .init(article.headline),
            "abstract": .init(article.abstract),
            "lead_paragraph": .init(article.leadParagraph),
            "snippet": .init(article.snippet),
            "byline": .init(article.byline),
            "pub_date": .init(article.pubDate.map(Timestamp.format)),
            "section_name": .init(article.sectionName),
            "subsection_name": .init(article.subsectionName),
            "news_desk": .init(article.newsDesk),
            "type_of_material": .init(article.typeOfMaterial),
            "document_type": .init(article.documentType),
            "word_count": .init(article.wordCount),
            "source": .init(article.source),
            "multimedia": .array(article.multimedia.map(JSONValue.string)),
        ]
    }
}
