import APICore
import Foundation
import Testing
@testable import NYT

/// What the host finds in NYT's ``Capabilities``: the parts it has, and each one the
/// provider's own method (a part left out would fall back to a default that answers otherwise).
@Suite("NYT's capabilities")
struct CapabilitiesTests {
    let provider = NYTProvider()

    @Test("NYT pages and stores by batch, a large page as it arrives; it resolves nothing first, has no views, nothing ages")
    func parts() {
        let capabilities = provider.capabilities
        #expect(capabilities.paging != nil)
        #expect(capabilities.batchStoring != nil)
        #expect(capabilities.batchStoring?.streaming != nil)
        #expect(capabilities.jsonObjects != nil)
        #expect(capabilities.terminalView != nil)
        #expect(capabilities.lookup == nil)
        #expect(capabilities.itemViews == nil)
        #expect(capabilities.aging == nil)
        #expect(capabilities.scriptingElements == nil)
    }

    @Test("each part answers as the provider's method does")
    func wiring() throws {
        let capabilities = provider.capabilities
        let query = ArticleQuery(words: "c++ & rust", firstPage: 2, pages: 3)
        let paging = try #require(capabilities.paging)
        #expect(paging.pageCount(query) == provider.pageCount(for: query))
        let full = SearchPage(hits: 95, articles: (0..<10).map { Article(id: "a\($0)") })
        #expect(paging.hasMore(full, 0, query) == provider.hasMore(after: full, page: 0, for: query))
        #expect(paging.hasMore(full, 6, query) == provider.hasMore(after: full, page: 6, for: query))
        #expect(paging.merge([full, full]) == provider.merge([full, full]))
        #expect(capabilities.label(for: query) == provider.label(for: query))
        for status in [400, 401, 403, 429] {
            #expect(capabilities.failure(status: status, body: Data(), for: query)
                == provider.failure(status: status, body: Data(), for: query))
        }
        #expect(capabilities.items == provider.items)
        #expect(capabilities.tableNotes == provider.tableNotes)
    }
}
