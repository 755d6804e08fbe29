import Foundation

/// A value that knows one web API, and only its facts: what the command looks
/// like, which request to send, how to read the answer, how to keep it, and how
/// to show it. The host does everything else — parsing, HTTP (retries, rate
/// limits, cache, key handling), transactions, fallbacks, output.
///
/// The four steps of every run, and the hooks that serve them:
/// - **fetch**: ``queries(from:)`` then ``request(for:page:)``; the host sends it.
/// - **decode**: ``decode(_:for:warnings:)``, tolerant of real-world drift.
/// - **persist**: ``persist(_:for:in:)`` into the provider's own tables
///   (``migrations``); ``load(_:from:)`` reads them back for `--offline` and
///   network failures.
/// - **render**: ``render(_:as:terminal:)``, by default built from ``json(_:)``
///   and ``table(_:)``.
///
/// Every conformer must pass the shared conformance suite (`ProviderConformance`):
/// its fixtures decode, persist-then-load returns what was stored, every format
/// renders (JSON parses), and no key shows anywhere.
public protocol Provider: Sendable {
    /// What one independent unit of work asks for (weather: one city).
    associatedtype Query: Sendable
    /// What one query yields once decoded (all its pages merged).
    associatedtype Response: Sendable

    /// Name, summary, arguments and options, key, base URL, limits: the provider as data.
    var descriptor: ProviderDescriptor { get }

    /// The provider's schema steps, numbered from 1, applied in order once per store.
    var migrations: [Migration] { get }

    /// Builds the queries a command line asks for; several run concurrently and
    /// print in the order returned. Throws ``UsageError`` for bad values.
    func queries(from command: ParsedCommand) throws -> [Query]

    /// The endpoint for page `page` (from 0) of `query`; the host adds the base URL and key.
    func request(for query: Query, page: Int) -> Endpoint

    /// How many pages `query` asks for; 1 unless the provider pages.
    func pageCount(for query: Query) -> Int

    /// Whether another page can have results after `response` (page `page`).
    func hasMore(after response: Response, page: Int, for query: Query) -> Bool

    /// Joins the pages of one query, in order.
    func merge(_ pages: [Response]) -> Response

    /// Reads a successful body. Skips what cannot be read with a warning where
    /// the rest is still useful; throws ``DecodeFailure`` when nothing is.
    func decode(_ body: Data, for query: Query, warnings: inout [String]) throws -> Response

    /// What an unsuccessful status means for this API (weather's 404: unknown
    /// city); nil leaves it to the host's generic mapping.
    func failure(status: Int, body: Data, for query: Query) -> ProviderFailure?

    /// Stores `response` as the answer to `query`, replacing the previous answer whole.
    func persist(_ response: Response, for query: Query, in transaction: Transaction) throws

    /// The stored answer to `query`, for `--offline` and when the network fails.
    func load(_ query: Query, from transaction: Transaction) throws -> Stored<Response>?

    /// A short human label for `query` in messages (`Paris`, `"c++ & rust"`).
    func label(for query: Query) -> String

    /// The `--format json` document for `results`: an array.
    func json(_ results: [Response]) -> JSONValue

    /// The rows for table and CSV output.
    func table(_ results: [Response]) -> Table

    /// The whole output for `results` in `format`.
    func render(_ results: [Response], as format: OutputFormat, terminal: Terminal) -> String

    /// The output for `results` in `format`, in pieces: what the host prints with,
    /// so that large JSON answers stream instead of being built whole.
    func write(_ results: [Response], as format: OutputFormat, terminal: Terminal, to sink: (String) -> Void)
}

extension Provider {
    public func pageCount(for query: Query) -> Int { 1 }

    public func hasMore(after response: Response, page: Int, for query: Query) -> Bool { true }

    /// Single-page providers have one page to merge; the last one wins otherwise.
    public func merge(_ pages: [Response]) -> Response {
        // `pages` is never empty: the host calls this after at least one page.
        pages[pages.count - 1]
    }

    public func failure(status: Int, body: Data, for query: Query) -> ProviderFailure? { nil }

    public func render(_ results: [Response], as format: OutputFormat, terminal: Terminal) -> String {
        OutputRenderer.render(json: { json(results) }, table: { table(results) }, as: format, terminal: terminal)
    }

    /// JSON and NDJSON stream from ``json(_:)``; table and CSV come from ``render(_:as:terminal:)``,
    /// so a provider that draws its own table view keeps it.
    public func write(_ results: [Response], as format: OutputFormat, terminal: Terminal, to sink: (String) -> Void) {
        switch format {
        case .json, .ndjson:
            OutputRenderer.write(json: { json(results) }, table: { table(results) }, as: format, terminal: terminal, to: sink)
        case .table, .csv:
            sink(render(results, as: format, terminal: terminal))
        }
    }
}
