import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The New York Times Article Search API v2: `apicli nyt <words…>`.
///
/// Only the API's own facts live here and in the files beside it — the command
/// (`+Command`), the request and its paging (`+Request`), the error bodies
/// (`+Failure`), the decoders (`Decoding/`), the tables and offline search
/// (`Storage/`) and the output (`Rendering/`). The host does HTTP, keys,
/// transactions, fallbacks and printing.
public struct NYTProvider: Provider {
    public typealias Query = ArticleQuery
    public typealias Response = SearchPage

    public init() {}

    public var migrations: [Migration] { NYTSchema.migrations }

    public func decode(_ body: Data, for query: ArticleQuery, warnings: inout [String]) throws -> SearchPage {
        try SearchPage.decode(body, warnings: &warnings)
    }

    public func persist(_ response: SearchPage, for query: ArticleQuery, in context: PersistContext) throws {
        try ArticleStore(context.transaction).save(response, for: query, at: context.fetchedAt)
    }

    public func load(_ query: ArticleQuery, from transaction: any StoreTransaction) throws -> Stored<SearchPage>? {
        try ArticleStore(transaction).search(query)
    }

    /// `"climate change"`, or the filter when a search has no words.
    public func label(for query: ArticleQuery) -> String {
        if let month = query.archiveMonth { return "--archive " + ArticleQuery.monthText(month) }
        guard query.words.isEmpty, let filter = query.filter else { return "\"" + query.words + "\"" }
        return "--fq " + filter
    }

    /// Articles are turned into JSON one at a time as the host writes them: a 30 MB
    /// answer never exists a second time as one document.
    public func json(_ results: [SearchPage]) -> any Sequence<JSONValue> {
        results.lazy.flatMap(\.articles).map(ArticleJSON.object)
    }

    /// What the host prints: the same objects, written from the packed text (``ArticleJSON/write(_:to:)``).
    public func jsonObjects(_ results: [SearchPage]) -> any Sequence<JSONObjectText> {
        ArticleObjects(pages: results)
    }

    public func table(_ results: [SearchPage]) -> Table {
        ArticleCSV.table(results.flatMap(\.articles))
    }

    public func view(_ results: [SearchPage], on terminal: Terminal) -> [TerminalView] {
        [ArticleView.view(results)]
    }
}
