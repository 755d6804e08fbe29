#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything a provider does beyond the steps every provider has, as one value:
/// each part nil (or empty) when it does not, so that the provider declares in one
/// place what it can do and the host reads it once per run, typed by the provider's
/// own `Query` and `Response`, with no cast.
///
/// Parts that carry behaviour are structs of closures (``Paging``, ``Lookup``,
/// ``BatchStoring``, ``ItemViews``, ``Aging``); hooks with a default are single
/// closures; what is only data is a field (``items``; ``tableNotes``, made only when
/// read). A provider hands its own methods over:
///
///     public var capabilities: Capabilities<Self> {
///         Capabilities(
///             paging: Paging(pageCount: pageCount(for:), hasMore: hasMore(after:page:for:), merge: merge),
///             failure: failure(status:body:for:),
///             label: label(for:),
///             items: Self.itemShape)
///     }
///
/// The value is made whenever ``Provider/capabilities`` is read, so the host reads
/// it once per run and keeps it; data that takes work to build belongs in a
/// `static let`.
public struct Capabilities<P: Provider>: Sendable {
    public typealias Query = P.Query
    public typealias Response = P.Response

    /// How a query's answer is fetched in pages (NYT: 10 articles a page); nil: one page a query.
    public var paging: Paging<Query, Response>?

    /// A lookup a query needs before its own request can be built (weather: a place name
    /// resolved to coordinates); nil: every query is sent as it is.
    public var lookup: Lookup<Query>?

    /// Storing a page while it is read, and a large one while it arrives; nil: the answer
    /// is decoded whole with ``Provider/decode(_:for:warnings:)``, then stored with
    /// ``Provider/persist(_:for:in:)``.
    public var batchStoring: BatchStoring<Query, Response>?

    /// The kinds of item the command line chooses between (weather's `--daily`, `--now`,
    /// `--air`); nil: every run's items have the one shape ``items``.
    public var itemViews: ItemViews?

    /// What of an answer ages: the items whose time has passed, left out when an answer
    /// is shown from the store (weather's forecast steps); nil: nothing ages.
    public var aging: Aging<Response>?

    /// What an unsuccessful answer means for this API (weather's 404: unknown city);
    /// nil, or nil returned: the host's reading of the status.
    public var failure: (@Sendable (_ status: Int, _ body: Data, _ query: Query) -> ProviderFailure?)?

    /// A short human label for a query in messages (`Paris`, `"c++ & rust"`), also the
    /// key the `Codable` defaults store an answer under; nil: `String(describing:)`.
    public var label: (@Sendable (Query) -> String)?

    /// What a terminal shows; nil: the ``Provider/table(_:)`` alone.
    public var terminalView: (@Sendable (_ results: [Response], _ terminal: Terminal) -> [TerminalView])?

    /// The elements of ``Provider/json(_:)`` as objects that write their own members, for
    /// answers of many items whose text is already UTF-8: the host writes them where
    /// `json`'s would go, and they must give the same bytes (the conformance suite checks
    /// it). Nil: `json(_:)` is the only way.
    public var jsonObjects: (@Sendable ([Response]) -> any Sequence<JSONObjectText>)?

    /// The elements `--fields` and `--template` read items from; nil: ``Provider/json(_:)``'s.
    /// A provider whose JSON shows a selection of each item (a provider file's columns)
    /// gives the items whole, so any key path works.
    public var scriptingElements: (@Sendable ([Response]) -> any Sequence<JSONValue>)?

    /// What one item of the JSON output is, for `--fields`, `--format line` and `--new`;
    /// by default each element, identified by `id` (``ItemShape/elements``). With
    /// ``itemViews``, the shape of the default view.
    public var items: ItemShape

    /// A line of meaning for each stored table and column, for `apicli store schema`: made
    /// when read, since only that command reads them.
    public var tableNotes: [TableNote] {
        get { notes() }
        set { notes = { newValue } }
    }

    private var notes: @Sendable () -> [TableNote]

    /// The answer to a query as the store held it at a time (`--offline --as-of`): each item's
    /// version current then, from the versions the provider keeps; nil when nothing was
    /// stored by then. Nil: the provider keeps no versions, and `--as-of` is refused.
    public var asOf: (@Sendable (_ query: Query, _ time: Date, _ transaction: any StoreTransaction) throws -> Stored<Response>?)?

    /// Queries read from the store alone, never sent (weather's `--past` and `--verify`); nil: none.
    public var storeOnly: StoreOnly<Query, Response>?

    public init(
        paging: Paging<Query, Response>? = nil, lookup: Lookup<Query>? = nil,
        batchStoring: BatchStoring<Query, Response>? = nil, itemViews: ItemViews? = nil, aging: Aging<Response>? = nil,
        failure: (@Sendable (_ status: Int, _ body: Data, _ query: Query) -> ProviderFailure?)? = nil,
        label: (@Sendable (Query) -> String)? = nil,
        terminalView: (@Sendable (_ results: [Response], _ terminal: Terminal) -> [TerminalView])? = nil,
        jsonObjects: (@Sendable ([Response]) -> any Sequence<JSONObjectText>)? = nil,
        scriptingElements: (@Sendable ([Response]) -> any Sequence<JSONValue>)? = nil,
        items: ItemShape = .elements, tableNotes: @autoclosure @escaping @Sendable () -> [TableNote] = []
    ) {
        self.paging = paging
        self.lookup = lookup
        self.batchStoring = batchStoring
        self.itemViews = itemViews
        self.aging = aging
        self.failure = failure
        self.label = label
        self.terminalView = terminalView
        self.jsonObjects = jsonObjects
        self.scriptingElements = scriptingElements
        self.items = items
        notes = tableNotes
    }
}

extension Capabilities {
    /// ``label``'s text for `query`, or `String(describing:)` without one.
    public func label(for query: Query) -> String {
        label?(query) ?? String(describing: query)
    }

    /// What ``failure`` makes of an unsuccessful answer; nil without one.
    public func failure(status: Int, body: Data, for query: Query) -> ProviderFailure? {
        failure?(status, body, query)
    }
}
