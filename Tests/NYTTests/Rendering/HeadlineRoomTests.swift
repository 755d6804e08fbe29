import APICore
import APIHost
import Foundation
import Testing

@testable import NYT

/// On every terminal from 40 to 200 columns the headline keeps the widest share of
/// the NYT table: never narrower than the section or the byline, unless it is shown
/// whole; the section and byline shrink first and are the ones left out.
@Suite("The NYT headline keeps its room")
struct HeadlineRoomTests {
    let provider = NYTProvider()

    /// The shown width of each column, read from the header line's titles and the rows.
    static func widths(_ text: String) -> [String: Int] {
        let lines = text.split(separator: "\n").map { Array(String($0)) }
        guard let header = lines.first.map({ String($0) }) else { return [:] }
        let titles = ["Date", "Section", "Headline", "Byline"]
        let starts = titles.compactMap { title in header.range(of: title).map { (title, header.distance(from: header.startIndex, to: $0.lowerBound)) } }
        let longest = lines.map(\.count).max() ?? 0
        var widths: [String: Int] = [:]
        for (index, (title, start)) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].1 - 2 : longest
            widths[title] = end - start
        }
        return widths
    }

    @Test("at 40 to 200 columns the headline is never narrower than the section or the byline",
          arguments: NYTFixtures.searchFiles)
    func headlineRoom(_ file: String) throws {
        let page = try NYTFixtures.page(file)
        let natural = page.articles.map { DisplayWidth.of(ArticleTable.row($0)[2]) }.max() ?? 0
        for width in 40...200 {
            let text = OutputRenderer.render(provider, [page], as: .table, terminal: Terminal(width: width, unicode: true))
            for line in text.split(separator: "\n") {
                #expect(DisplayWidth.of(String(line)) <= width, "\(file) at \(width): \(line)")
            }
            let widths = Self.widths(text)
            let headline = try #require(widths["Headline"], "\(file) at \(width): no headline column\n\(text)")
            guard headline < natural else { continue }
            for other in ["Section", "Byline"] {
                if let shown = widths[other] {
                    #expect(headline >= shown, "\(file) at \(width): Headline \(headline) < \(other) \(shown)\n\(text)")
                }
            }
        }
    }

    @Test("at 60 columns a headline gets more than its floor, and at 100 more than 34 columns")
    func shares() throws {
        let page = try NYTFixtures.page("nyt-2017-03-wordcount-int-printpage-int.json")
        let at60 = Self.widths(OutputRenderer.render(provider, [page], as: .table, terminal: Terminal(width: 60)))
        #expect((at60["Headline"] ?? 0) > 12, "\(at60)")
        let at100 = Self.widths(OutputRenderer.render(provider, [page], as: .table, terminal: Terminal(width: 100)))
        #expect((at100["Headline"] ?? 0) > 34, "\(at100)")
    }
}
