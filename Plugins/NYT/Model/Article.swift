#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One Article Search document, reduced to what apicli shows, stores and searches.
///
/// Every field but ``id`` is optional because every field has, at some point
/// in the API's history, been missing or null.
public struct Article: Sendable, Hashable {
    /// `_id`: a hex id (before 2018) or `nyt://article/<uuid>`.
    public var id: String
    public var webURL: String?
    /// `headline.main`.
    public var headline: String?
    public var abstract: String?
    public var leadParagraph: String?
    public var snippet: String?
    /// `byline.original` (`By KWAME ANTHONY APPIAH`).
    public var byline: String?
    /// `pub_date`, whatever offset it was sent with.
    public var pubDate: Date?
    public var sectionName: String?
    public var subsectionName: String?
    public var newsDesk: String?
    public var typeOfMaterial: String?
    public var documentType: String?
    /// Sent as a number or a string of digits, depending on the year.
    public var wordCount: Int?
    /// Sent as a number or a string of digits, depending on the year.
    public var printPage: Int?
    public var source: String?
    /// The keyword values, kept for offline search.
    public var keywords: [String]
    /// Absolute image URLs, relative ones resolved against `https://static01.nyt.com/`.
    public var multimedia: [String]

    public init(
        id: String, webURL: String? = nil, headline: String? = nil, abstract: String? = nil,
        leadParagraph: String? = nil, snippet: String? = nil, byline: String? = nil, pubDate: Date? = nil,
        sectionName: String? = nil, subsectionName: String? = nil, newsDesk: String? = nil,
        typeOfMaterial: String? = nil, documentType: String? = nil, wordCount: Int? = nil,
        printPage: Int? = nil, source: String? = nil, keywords: [String] = [], multimedia: [String] = []
    ) {
        self.id = id
        self.webURL = webURL
        self.headline = headline
        self.abstract = abstract
        self.leadParagraph = leadParagraph
        self.snippet = snippet
        self.byline = byline
        self.pubDate = pubDate
        self.sectionName = sectionName
        self.subsectionName = subsectionName
        self.newsDesk = newsDesk
        self.typeOfMaterial = typeOfMaterial
        self.documentType = documentType
        self.wordCount = wordCount
        self.printPage = printPage
        self.source = source
        self.keywords = keywords
        self.multimedia = multimedia
    }
}
