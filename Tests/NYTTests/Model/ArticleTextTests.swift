import Foundation
import Testing

@testable import NYT

/// An article's text fields packed in one buffer (``ArticleText``) must read back exactly
/// what was put in: nil and empty apart, every byte of any UTF-8, a repeated field, and
/// lists of any length; a field set later changes that field alone.
@Suite struct ArticleTextTests {
    static let samples: [String?] = [
        nil, "", "a", "fifteen bytes!!", "sixteen bytes!!!", "Café in Zürich — “quoted”", "e\u{301}", "😀 emoji 𝄞",
        String(repeating: "long text ", count: 7_000), "nul\u{0}inside", "line\nbreak\ttab",
    ]

    @Test(arguments: 0..<samples.count)
    func everySlotReadsBackWhatWasPut(_ shift: Int) {
        let slots = ArticleText.Slot.allCases.map { Self.samples[($0.rawValue + shift) % Self.samples.count] }
        let keywords = Self.samples.compactMap { $0 }.shuffled()
        let multimedia = Array(keywords.prefix(shift))
        let text = ArticleText(slots: slots, keywords: keywords, multimedia: multimedia)
        for slot in ArticleText.Slot.allCases {
            #expect(text[slot].map { Array($0.utf8) } == slots[slot.rawValue].map { Array($0.utf8) })
        }
        #expect(text[.keywords] == keywords)
        #expect(text[.multimedia] == multimedia)
    }

    /// What the store keeps of a list is its values joined by line breaks, read straight
    /// from the buffer: the same bytes as joining the values read back, for any list.
    @Test(arguments: 0..<samples.count)
    func aListAsLinesIsItsValuesJoined(_ count: Int) {
        let values = Self.samples.compactMap { $0 }
        let keywords = Array(values.shuffled().prefix(count))
        let multimedia = Array(values.reversed().prefix(values.count - count))
        let slots = [String?](repeating: "a slot", count: ArticleText.Slot.allCases.count)
        let text = ArticleText(slots: slots, keywords: keywords, multimedia: multimedia)
        #expect(Array(text.lines(.keywords).utf8) == Array(keywords.joined(separator: "\n").utf8))
        #expect(Array(text.lines(.multimedia).utf8) == Array(multimedia.joined(separator: "\n").utf8))
    }

    @Test func aFieldLikeTheOneBeforeItIsReadAsItself() {
        var slots = [String?](repeating: nil, count: ArticleText.Slot.allCases.count)
        slots[ArticleText.Slot.leadParagraph.rawValue] = "The same words."
        slots[ArticleText.Slot.snippet.rawValue] = "The same words."
        slots[ArticleText.Slot.byline.rawValue] = "The same words."
        slots[ArticleText.Slot.newsDesk.rawValue] = ""
        slots[ArticleText.Slot.typeOfMaterial.rawValue] = ""
        let text = ArticleText(slots: slots, keywords: [], multimedia: [])
        #expect(text.slots == slots)
        #expect(text[.sectionName] == nil)
        #expect(text[.keywords].isEmpty && text[.multimedia].isEmpty)
    }

    @Test func settingOneFieldLeavesTheOthers() {
        var article = Article(
            id: "a1", webURL: "https://example.com/1", headline: "Old", leadParagraph: "Lead.", snippet: "Lead.",
            byline: "By A", wordCount: 12, source: "The New York Times", keywords: ["One", "Two"],
            multimedia: ["https://static01.nyt.com/x.jpg"])
        article.snippet = "Other."
        article.keywords.append("Three")
        #expect(article.snippet == "Other.")
        #expect(article.leadParagraph == "Lead.")
        #expect(article.headline == "Old")
        #expect(article.keywords == ["One", "Two", "Three"])
        #expect(article.multimedia == ["https://static01.nyt.com/x.jpg"])
        #expect(article.wordCount == 12 && article.source == "The New York Times")
        article.headline = nil
        #expect(article.headline == nil && article.webURL == "https://example.com/1")
    }

    /// A fresh answer holds every article until it is printed: the struct stays its id, the
    /// packed text, the date and the two numbers (it was 272 bytes with a `String?` per field).
    @Test func anArticleHeldIsSmall() {
        #expect(MemoryLayout<Article>.stride <= 80)
        #expect(MemoryLayout<ArticleText>.stride == MemoryLayout<Int>.stride)
    }

    @Test func equalityIsTheFieldsEquality() {
        let precomposed = Article(id: "a", headline: "Caf\u{E9}", keywords: ["x"])
        let decomposed = Article(id: "a", headline: "Cafe\u{301}", keywords: ["x"])
        // As `String`s compare: canonically equivalent text is equal, and hashes alike.
        #expect(precomposed == decomposed)
        #expect(Set([precomposed, decomposed]).count == 1)
        #expect(Article(id: "a", headline: "A") != Article(id: "a", headline: "B"))
        #expect(Article(id: "a", keywords: ["A", "B"]) != Article(id: "a", keywords: ["AB"]))
        #expect(Article(id: "a", snippet: "") != Article(id: "a"))
    }
}
