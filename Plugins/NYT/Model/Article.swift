#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One Article Search document, reduced to what apicli shows, stores and searches.
///
/// Every field but ``id`` is optional because every field has, at some point
/// in the API's history, been missing or null.
///
/// The text fields live packed in one buffer (``ArticleText``): a fresh answer keeps
/// every article it decoded until it is printed, and packed they take about half
/// the memory. Each is a `String` again when read.
public struct Article: Sendable, Hashable {
    /// `_id`: a hex id (before 2018) or `nyt://article/<uuid>`.
    public var id: String
    private var text: ArticleText
    /// `pub_date`, whatever offset it was sent with.
    public var pubDate: Date?
    /// Sent as a number or a string of digits, depending on the year.
    public var wordCount: Int?
    /// Sent as a number or a string of digits, depending on the year.
    public var printPage: Int?

    /// Every text field in ``ArticleText/Slot`` order, read in one pass: how the JSON
    /// output reads them all without a walk of the buffer per field.
    var textSlots: [String?] { text.slots }

    /// Each text field's UTF-8 bytes, in ``ArticleText/Slot`` order, with no `String` made (see there).
    func forEachTextSlot(_ body: (ArticleText.Slot, UnsafeBufferPointer<UInt8>?) -> Void) { text.forEachSlot(body) }

    /// Every text field's UTF-8 bytes at once, valid inside `body` only (see there).
    func withTextSlotBytes<R, E: Error>(_ body: (ArticleText.SlotBytes) throws(E) -> R) throws(E) -> R {
        try text.withSlotBytes(body)
    }

    /// The bytes of each of ``keywords`` or ``multimedia``, in order.
    func forEach(in list: ArticleText.List, _ body: (UnsafeBufferPointer<UInt8>) -> Void) { text.forEach(in: list, body) }

    /// ``keywords`` or ``multimedia`` as the store keeps them, one value per line.
    func lines(_ list: ArticleText.List) -> String { text.lines(list) }

    public var webURL: String? {
        get { text[.webURL] }
        set { text = text.replacing(.webURL, with: newValue) }
    }
    /// `headline.main`.
    public var headline: String? {
        get { text[.headline] }
        set { text = text.replacing(.headline, with: newValue) }
    }
    public var abstract: String? {
        get { text[.abstract] }
        set { text = text.replacing(.abstract, with: newValue) }
    }
    public var leadParagraph: String? {
        get { text[.leadParagraph] }
        set { text = text.replacing(.leadParagraph, with: newValue) }
    }
    public var snippet: String? {
        get { text[.snippet] }
        set { text = text.replacing(.snippet, with: newValue) }
    }
    /// `byline.original` (`By KWAME ANTHONY APPIAH`).
    public var byline: String? {
        get { text[.byline] }
        set { text = text.replacing(.byline, with: newValue) }
    }
    public var sectionName: String? {
        get { text[.sectionName] }
        set { text = text.replacing(.sectionName, with: newValue) }
    }
    public var subsectionName: String? {
        get { text[.subsectionName] }
        set { text = text.replacing(.subsectionName, with: newValue) }
    }
    public var newsDesk: String? {
        get { text[.newsDesk] }
        set { text = text.replacing(.newsDesk, with: newValue) }
    }
    public var typeOfMaterial: String? {
        get { text[.typeOfMaterial] }
        set { text = text.replacing(.typeOfMaterial, with: newValue) }
    }
    public var documentType: String? {
        get { text[.documentType] }
        set { text = text.replacing(.documentType, with: newValue) }
    }
    public var source: String? {
        get { text[.source] }
        set { text = text.replacing(.source, with: newValue) }
    }
    /// The keyword values, kept for offline search.
    public var keywords: [String] {
        get { text[.keywords] }
        set { text = text.replacing(.keywords, with: newValue) }
    }
    /// Absolute image URLs, relative ones resolved against `https://static01.nyt.com/`.
    public var multimedia: [String] {
        get { text[.multimedia] }
        set { text = text.replacing(.multimedia, with: newValue) }
    }

    /// An article whose text is packed already (``Article/read(_:)`` packs a doc's from its bytes).
    init(id: String, text: ArticleText, pubDate: Date?, wordCount: Int?, printPage: Int?) {
        self.id = id
        self.text = text
        self.pubDate = pubDate
        self.wordCount = wordCount
        self.printPage = printPage
    }

    public init(
        id: String, webURL: String? = nil, headline: String? = nil, abstract: String? = nil,
        leadParagraph: String? = nil, snippet: String? = nil, byline: String? = nil, pubDate: Date? = nil,
        sectionName: String? = nil, subsectionName: String? = nil, newsDesk: String? = nil,
        typeOfMaterial: String? = nil, documentType: String? = nil, wordCount: Int? = nil,
        printPage: Int? = nil, source: String? = nil, keywords: [String] = [], multimedia: [String] = []
    ) {
        self.id = id
        self.text = ArticleText(
            slots: [
                webURL, headline, abstract, leadParagraph, snippet, byline, sectionName, subsectionName, newsDesk,
                typeOfMaterial, documentType, source,
            ],
            keywords: keywords, multimedia: multimedia)
        self.pubDate = pubDate
        self.wordCount = wordCount
        self.printPage = printPage
    }
}
