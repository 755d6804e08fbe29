import APICore

/// Reads one element of `response.docs`, accepting every shape the API has
/// sent over the years (see Tests/Fixtures/real/SOURCES.md). It fails only when
/// the doc is not an object or has nothing to identify it by (no usable `_id`,
/// `uri` or `web_url`), which the warning reports as a missing `_id`.
extension Article: Decodable {
    private enum Keys: String, CodingKey {
        case id = "_id", uri, webURL = "web_url", headline, abstract, leadParagraph = "lead_paragraph"
        case snippet, byline, pubDate = "pub_date", sectionName = "section_name"
        case subsectionName = "subsection_name", newsDesk = "news_desk", typeOfMaterial = "type_of_material"
        case documentType = "document_type", wordCount = "word_count", printPage = "print_page", source
        case keywords, multimedia
    }

    public init(from decoder: any Decoder) throws {
        let doc = try decoder.container(keyedBy: Keys.self)
        let webURL = doc.text(.webURL)
        let snippet = doc.text(.snippet)
        // Over half of real docs repeat the snippet as the lead paragraph: one
        // string's storage then serves both.
        // Bytes are compared, not `==`, which also equates other spellings of é.
        var leadParagraph = doc.text(.leadParagraph)
        if let lead = leadParagraph, let snippet, lead.utf8.elementsEqual(snippet.utf8) { leadParagraph = snippet }
        guard let id = doc.text(.id) ?? doc.text(.uri) ?? webURL, !id.isEmpty else {
            throw DecodingError.keyNotFound(
                Keys.id, DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "no _id, uri or web_url"))
        }
        self.init(
            id: id,
            webURL: webURL,
            headline: doc.lenient(WireHeadline.self, .headline)?.main,
            abstract: doc.text(.abstract),
            leadParagraph: leadParagraph,
            snippet: snippet,
            byline: doc.lenient(WireByline.self, .byline)?.original,
            pubDate: doc.text(.pubDate).flatMap(Timestamp.parse),
            sectionName: doc.text(.sectionName),
            subsectionName: doc.text(.subsectionName),
            newsDesk: doc.text(.newsDesk),
            typeOfMaterial: doc.text(.typeOfMaterial),
            documentType: doc.text(.documentType),
            wordCount: doc.integer(.wordCount),
            printPage: doc.integer(.printPage),
            source: doc.text(.source),
            keywords: doc.lenient(WireKeywords.self, .keywords)?.values ?? [],
            multimedia: doc.lenient(WireMultimedia.self, .multimedia)?.urls ?? []
        )
    }
}
