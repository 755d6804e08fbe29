import APICore
import Foundation

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

    /// The clock that stamps stored results; injected by tests.
    let now: @Sendable () -> Date

    public init() {
        self.init(now: { Date() })
    }

    /// A provider whose stored results are stamped by `now`.
    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    public var migrations: [Migration] { NYTSchema.migrations }

    public func decode(_ body: Data, for query: ArticleQuery, warnings: inout [String]) throws -> SearchPage {
        try SearchPage.decode(body, warnings: &warnings)
    }

    public func persist(_ response: SearchPage, for query: ArticleQuery, in transaction: Transaction) throws {
        try ArticleStore(transaction).save(response, for: query, at: now())
    }

    public func load(_ query: ArticleQuery, from transaction: Transaction) throws -> Stored<SearchPage>? {
        try ArticleStore(transaction).search(query)
    }

    public func label(for query: ArticleQuery) -> String {
        "\"" + query.words + "\""
    }

    public func json(_ results: [SearchPage]) -> JSONValue {
        .array(results.flatMap(\.articles).map(ArticleJSON.object))
    }

    public func table(_ results: [SearchPage]) -> Table {
        ArticleTable.table(results.flatMap(\.articles))
    }

    /// Articles are turned into JSON one at a time as they are written: a 30 MB answer
    /// never exists a second time as one document.
    public func write(_ results: [SearchPage], as format: OutputFormat, terminal: Terminal, to sink: (String) -> Void) {
        switch format {
        case .json, .ndjson:
            OutputRenderer.writeElements(results.lazy.flatMap(\.articles).map(ArticleJSON.object), as: format, to: sink)
        case .table, .csv:
            sink(render(results, as: format, terminal: terminal))
        }
    }

    /// The terminal table leaves the long URL out unless `--wide` (CSV and JSON keep it):
    /// a link cut to fit is useless, and the headline is what a reader scans.
    public func render(_ results: [SearchPage], as format: OutputFormat, terminal: Terminal) -> String {
        OutputRenderer.render(
            json: { json(results) },
            table: { format == .table && !terminal.wide ? ArticleTable.withoutURL(table(results)) : table(results) },
            as: format, terminal: terminal)
    }
}
