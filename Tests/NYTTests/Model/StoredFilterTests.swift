import APICore
import Testing
@testable import NYT

/// `--fq` applied to stored articles: the clauses the store can answer, and the refusals.
@Suite("--fq on stored articles")
struct StoredFilterTests {
    let world = Article(id: "w", sectionName: "World", newsDesk: "Foreign")
    let movies = Article(id: "m", sectionName: "Movies", newsDesk: "Culture")

    @Test("field:(\"value\" …), field:value and field:\"value\", joined by spaces or AND, ignoring case")
    func clauses() throws {
        #expect(try StoredFilter("section_name:(\"World\")").matches(world))
        #expect(try !StoredFilter("section_name:(\"World\")").matches(movies))
        #expect(try StoredFilter("section_name:(\"World\" \"Movies\")").matches(movies))
        #expect(try StoredFilter("section_name:world").matches(world))
        #expect(try StoredFilter("news_desk:\"Foreign\" AND section_name:(World)").matches(world))
        #expect(try !StoredFilter("news_desk:\"Foreign\" section_name:(Movies)").matches(world))
        #expect(try StoredFilter("section_name:(\"World\") news_desk:(\"Foreign\")").clauses.count == 2)
    }

    @Test("what the store cannot answer is refused, never ignored", arguments: [
        "section_name:World OR news_desk:Sports", "headline:(\"Trump\")", "section_name:(\"World\"", "World",
        "pub_date:[2016-01-01 TO 2016-12-31]", "section_name:Wor*", "section_name:()", "",
        // NYT reads the wildcard's byte; a combining mark after it does not make it a letter.
        "section_name:Wor*\u{301}", "section_name:[\u{301}a TO b]",
    ])
    func refusals(_ text: String) {
        #expect(throws: UsageError.self) { try StoredFilter(text) }
    }
}
