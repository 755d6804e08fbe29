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

    /// The same object, written member by member from the packed text: no `String` per
    /// field and no members array (what the host prints; ``object(_:)`` is for `--fields`
    /// and `--new`, which read values). The slots come in the JSON's order but for
    /// `pub_date`, after the byline, and `word_count`, before the source.
    static func write(_ article: Article, to object: inout JSONObjectWriter) {
        object.member("id", string: article.id)
        article.forEachTextSlot { slot, text in
            object.member(key(slot), utf8: text)
            if slot == .byline { object.member("pub_date", string: article.pubDate.map(Timestamp.format)) }
            if slot == .documentType { object.member("word_count", int: article.wordCount) }
        }
        object.member("multimedia") { each in article.forEach(in: .multimedia, each) }
    }

    /// The member a text slot is written as: apicli's output names. They are NYT's names today, but
    /// they are a promise to scripts, so they are listed here and not taken from the keys the
    /// decoder looks for (`DocFields.Field.key`), which follow whatever NYT sends.
    private static func key(_ slot: ArticleText.Slot) -> StaticString {
        switch slot {
        case .webURL: "web_url"
        case .headline: "headline"
        case .abstract: "abstract"
        case .leadParagraph: "lead_paragraph"
        case .snippet: "snippet"
        case .byline: "byline"
        case .sectionName: "section_name"
        case .subsectionName: "subsection_name"
        case .newsDesk: "news_desk"
        case .typeOfMaterial: "type_of_material"
        case .documentType: "document_type"
        case .source: "source"
        }
    }
}
