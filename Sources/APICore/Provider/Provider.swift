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
/// Twelve requirements: the two types, the four steps of every run, and one value
/// for everything else.
/// - **fetch**: ``queries(from:)`` then ``request(for:page:)``; the host sends it.
/// - **decode**: ``decode(_:for:warnings:)``, tolerant of real-world drift.
/// - **persist**: ``persist(_:for:in:)`` into the provider's own tables
///   (``migrations``); ``load(_:from:)`` reads them back for `--offline` and
///   network failures. A `Codable` response gets all three, and `json`, for free.
/// - **render, as data**: ``json(_:)`` (the elements the host streams) and
///   ``table(_:)`` (the records, for CSV and the terminal).
/// - **capabilities**: what the provider does beyond that, each part nil when it
///   does not — paging, a lookup first, storing while it reads, item views, answers
///   that age, how it reads failures, labels, its terminal view, the item shape and
///   table notes (``Capabilities``). The host reads it once per run.
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

    /// Stores `response` as the answer to `query`, replacing the previous answer whole.
    func persist(_ response: Response, for query: Query, in context: PersistContext) throws

    /// The stored answer to `query`, for `--offline` and when the network fails.
    func load(_ query: Query, from transaction: any StoreTransaction) throws -> Stored<Response>?

    /// The elements of the `--format json` array (and the `ndjson` lines), made
    /// as the host writes them: return a lazy sequence for large answers.
    func json(_ results: [Response]) -> any Sequence<JSONValue>

    /// The records as rows: every CSV column, and the terminal table unless
    /// ``Capabilities/terminalView`` says otherwise.
    func table(_ results: [Response]) -> Table

    /// What the provider can do beyond these steps, each part nil when it does not;
    /// by default nothing (one page a query, no lookup, the table on a terminal…).
    var capabilities: Capabilities<Self> { get }
}

extension Provider {
    public var capabilities: Capabilities<Self> { Capabilities() }
}
