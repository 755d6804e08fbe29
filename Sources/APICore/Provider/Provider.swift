#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value that knows one web API, and only its facts: what the command looks
/// like, which request to send, how to read the answer, how to keep it, and
/// what to show. The host does everything else — parsing, HTTP (retries, rate
/// limits, cache, key handling), transactions, the clock, fallbacks, wording
/// failures and exit codes, and drawing every output format.
///
/// The four steps of every run, and the hooks that serve them:
/// - **fetch**: ``queries(from:)`` then ``request(for:page:)``; the host sends
///   it. A provider that pages also conforms to ``PagedProvider``.
/// - **decode**: ``decode(_:for:warnings:)``, tolerant of real-world drift;
///   ``failure(status:body:for:)`` classifies an unsuccessful answer.
/// - **persist**: ``persist(_:for:in:)`` into the provider's own tables
///   (``migrations``); ``load(_:from:)`` reads them back for `--offline` and
///   network failures. A `Codable` response gets all three for free.
/// - **render, as data**: ``json(_:)`` (the elements the host streams),
///   ``table(_:)`` (the records, for CSV and the terminal) and, for a view of
///   its own, ``view(_:on:)``.
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

    /// Reads a successful body. Skips what cannot be read with a warning where
    /// the rest is still useful; throws ``DecodeFailure`` when nothing is, or a
    /// ``ProviderFailure`` for an error sent with a success status.
    func decode(_ body: Data, for query: Query, warnings: inout [String]) throws -> Response

    /// What an unsuccessful answer means for this API (weather's 404: unknown
    /// city); nil leaves it to the host's reading of the status.
    func failure(status: Int, body: Data, for query: Query) -> ProviderFailure?

    /// Stores `response` as the answer to `query`, replacing the previous answer whole.
    func persist(_ response: Response, for query: Query, in context: PersistContext) throws

    /// The stored answer to `query`, for `--offline` and when the network fails.
    func load(_ query: Query, from transaction: any StoreTransaction) throws -> Stored<Response>?

    /// A short human label for `query` in messages (`Paris`, `"c++ & rust"`).
    func label(for query: Query) -> String

    /// The elements of the `--format json` array (and the `ndjson` lines), made
    /// as the host writes them: return a lazy sequence for large answers.
    func json(_ results: [Response]) -> any Sequence<JSONValue>

    /// The same elements as objects that write their own members, for answers of many
    /// items whose text is already UTF-8: the host writes them where ``json(_:)``'s
    /// would go, and they must give the same bytes. Nil (the default) when ``json(_:)``
    /// is the only way.
    func jsonObjects(_ results: [Response]) -> (any Sequence<JSONObjectText>)?

    /// The elements `--fields` and `--template` read items from; by default
    /// ``json(_:)``'s. A provider whose JSON shows a selection of each item (a
    /// provider file's columns) gives the items whole, so any key path works.
    func scriptingElements(_ results: [Response]) -> any Sequence<JSONValue>

    /// The records as rows: every CSV column, and the terminal table unless ``view(_:on:)`` says otherwise.
    func table(_ results: [Response]) -> Table

    /// What a terminal shows: by default the ``table(_:)`` alone.
    func view(_ results: [Response], on terminal: Terminal) -> [TerminalView]

    // Capabilities that are data, or a default that does nothing: declared
    // where needed, read by the host with no probing.

    /// What one item of the JSON output is, for `--fields`, `--format line` and
    /// `--new`; by default each element, identified by `id` (``ItemShape/elements``).
    var items: ItemShape { get }

    /// A line of meaning for each stored table and column, for `apicli store schema`; none by default.
    var tableNotes: [TableNote] { get }

    /// What the items that age are called in the stale notice: `("step", "steps")`.
    var timedItemName: (one: String, many: String) { get }

    /// `response` without the items whose time is before `now`, and how many were
    /// left out, for answers about times to come (weather's forecast steps); by
    /// default nothing ages. The host passes its clock.
    func dropping(before now: Date, from response: Response) -> (response: Response, dropped: Int)

    /// The refinements this provider adopts, each nil when it does not: never implemented
    /// by a provider (`Provider+Refinements.swift` answers). The host asks through these
    /// instead of casting, see there why.
    var asPagedProvider: (any PagedProvider)? { get }
    var asResolvingProvider: (any ResolvingProvider)? { get }
    var asBatchPersistingProvider: (any BatchPersistingProvider)? { get }
    var asItemViewsProvider: (any ItemViewsProvider)? { get }
}

extension Provider {
    public func failure(status: Int, body: Data, for query: Query) -> ProviderFailure? { nil }

    public func label(for query: Query) -> String { String(describing: query) }

    public func view(_ results: [Response], on terminal: Terminal) -> [TerminalView] {
        [TerminalView(table: table(results))]
    }

    public var items: ItemShape { .elements }

    public func scriptingElements(_ results: [Response]) -> any Sequence<JSONValue> { json(results) }

    public func jsonObjects(_ results: [Response]) -> (any Sequence<JSONObjectText>)? { nil }

    public var tableNotes: [TableNote] { [] }

    public var timedItemName: (one: String, many: String) { ("item", "items") }

    public func dropping(before now: Date, from response: Response) -> (response: Response, dropped: Int) {
        (response, 0)
    }
}
