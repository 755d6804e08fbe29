import APICore
import Foundation
import Testing

@testable import NYT

/// Every real body in Tests/Fixtures/real/nyt decodes, with values checked against the files.
@Suite struct FixtureDecodingTests {
    @Test(arguments: NYTFixtures.searchFiles)
    func everyFixtureDecodesEveryDoc(_ name: String) throws {
        let raw = try JSONSerialization.jsonObject(with: NYTFixtures.data(name)) as? [String: Any]
        let docs = (raw?["response"] as? [String: Any])?["docs"] as? [Any]
        let page = try NYTFixtures.page(name)
        #expect(page.articles.count == docs?.count)
        #expect(page.status == "OK")
        #expect(page.articles.allSatisfy { $0.pubDate != nil && $0.webURL != nil && $0.headline != nil })
    }

    @Test func compactEscapedSlashesFromNovember2016() throws {
        let page = try NYTFixtures.page("nyt-2016-11-compact-escaped-slashes.json")
        #expect(page.hits == 27)
        #expect(page.offset == 0)
        #expect(page.articles.count == 10)
        let first = try #require(page.articles.first)
        #expect(first.id == "583032447c459f6a5fcceedd")
        #expect(first.webURL == "http://www.nytimes.com/aponline/2016/11/19/world/africa/ap-af-nigeria-boko-haram-suicide-bomber.html")
        #expect(first.headline == "Troops Gun Down Suicide Bomber in Northeast Nigerian City")
        #expect(first.wordCount == 133)
        #expect(first.printPage == nil)
        #expect(first.newsDesk == nil)
        #expect(first.byline == "By THE ASSOCIATED PRESS")
        #expect(first.source == "AP")
        #expect(first.sectionName == "World")
        #expect(first.subsectionName == "Africa")
        #expect(first.pubDate.map(Timestamp.format) == "2016-11-19T11:06:34Z")
        #expect(first.multimedia.isEmpty)
        let second = page.articles[1]
        #expect(second.printPage == 26)
        #expect(second.keywords.first == "Trump, Donald J")
        #expect(second.keywords.count == 17)
        #expect(
            second.multimedia.first
                == "https://static01.nyt.com/images/2016/11/19/world/19nationstrump/19nationstrump-thumbWide.jpg")
        #expect(second.multimedia.count == 3)
    }

    @Test func wordCountIntAndPrintPageIntFromMarch2017() throws {
        let page = try NYTFixtures.page("nyt-2017-03-wordcount-int-printpage-int.json")
        #expect(page.hits == 16_086_443)
        let first = try #require(page.articles.first)
        #expect(first.wordCount == 105)
        #expect(first.printPage == 0)
        #expect(first.newsDesk == "None")
        #expect(first.pubDate.map(Timestamp.format) == "2017-03-15T16:34:07Z")
        let movies = try #require(page.articles.first { $0.id == "58c96c387c459f247805bfad" })
        #expect(movies.keywords.prefix(2) == ["Movies", "Meat"])
        #expect(movies.byline == "By ERIK PIEPENBURG")
        #expect(
            movies.multimedia.first
                == "https://static01.nyt.com/images/2017/03/12/theater/meathorror-raw/meathorror-raw-thumbStandard.jpg")
    }

    @Test func videoDocsFromMay2016() throws {
        let page = try NYTFixtures.page("nyt-2016-05-dog-video-multimedia-docs.json")
        #expect(page.hits == 214)
        #expect(page.articles.count == 9)
        let first = try #require(page.articles.first)
        #expect(first.wordCount == 1337)
        #expect(first.printPage == 28)
        #expect(first.abstract == nil)
        #expect(first.keywords.first == "Dogs")
        let video = try #require(page.articles.first { $0.id == "57399a0a798810342965f667" })
        #expect(video.documentType == "multimedia")
        #expect(video.typeOfMaterial == "Video")
        #expect(video.source == "Internet Video Archive")
        #expect(video.snippet == "")
        #expect(video.wordCount == 0)
        let noImages = try #require(page.articles.first { $0.id == "5738b557798810342965f33f" })
        #expect(noImages.multimedia.isEmpty)
        let arts = try #require(page.articles.first { $0.id == "573221ab7988106550e3a76f" })
        #expect(arts.abstract?.hasSuffix("Brooklyn.  ") == true)
    }

    @Test func gatewayRateLimitFault() throws {
        let fault = try #require(GatewayFault.read(NYTFixtures.data("nyt-error-429-rate-limit-books.json")))
        #expect(fault.fault?.errorCode == "policies.ratelimit.QuotaViolation")
        #expect(fault.message == "Rate limit quota violation. Quota limit exceeded.")
    }

    @Test func errorBodyIsNotASearchAnswer() throws {
        var warnings: [String] = []
        #expect(throws: DecodeFailure.self) {
            try SearchPage.decode(NYTFixtures.data("nyt-error-429-rate-limit-books.json"), warnings: &warnings)
        }
    }
}
