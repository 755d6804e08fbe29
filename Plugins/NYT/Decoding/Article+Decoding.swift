import Foundation

/// Reads one element of `response.docs`, accepting every shape the API has
/// sent over the years (see Tests/Fixtures/real/SOURCES.md). It fails only when
/// the doc is not an object or has nothing to identify it by.
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
        let webURL = doc.string(.webURL)
        let snippet = doc.string(.snippet)
        // Over half of real docs repeat the snippet as the lead paragraph: one
        // string's storage then serves both (~1.7 MiB less for 20,000 docs).
        // Bytes are compared, not `==`, which also equates other spellings of é.
        var leadParagraph = doc.string(.leadParagraph)
        if let lead = leadParagraph, let snippet, lead.utf8.elementsEqual(snippet.utf8) { leadParagraph = snippet }
        guard let id = doc.string(.id) ?? doc.string(.uri) ?? webURL, !id.isEmpty else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "no _id, uri or web_url"))
        }
        self.init(
            id: id,
            webURL: webURL,
            headline: doc.tolerant(WireHeadline.self, .headline)?.main,
            abstract: doc.string(.abstract),
            leadParagraph: leadParagraph,
            snippet: snippet,
            byline: doc.tolerant(WireByline.self, .byline)?.original,
            pubDate: doc.string(.pubDate).flatMap(Timestamp.parse),
            sectionName: doc.string(.sectionName),
            subsectionName: doc.string(.subsectionName),
            newsDesk: doc.string(.newsDesk),
            typeOfMaterial: doc.string(.typeOfMaterial),
            documentType: doc.string(.documentType),
            wordCount: doc.int(.wordCount),
            printPage: doc.int(.printPage),
            source: doc.string(.source),
            keywords: doc.tolerant(WireKeywords.self, .keywords)?.values ?? [],
            multimedia: doc.tolerant(WireMultimedia.self, .multimedia)?.urls ?? []
        )
    }
}
