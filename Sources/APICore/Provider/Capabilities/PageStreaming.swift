/// Reading a page while its body arrives, storing its items a batch at a time as the
/// bytes complete them, so that neither the body nor its items are ever held whole:
/// peak memory stays the same whatever the answer's length. The part of a provider's
/// ``BatchStoring`` that does it (``BatchStoring/streaming``), usually an ``ItemStreaming``.
///
/// The work is split in two halves the host runs on two threads at once, because
/// decoding the bytes and storing the items each take a large share of a large run:
/// ``bodyDecoder(for:page:keepingItems:)`` turns the bytes into items and touches no store;
/// ``store(_:for:page:in:)`` stores them inside the page's one write transaction, in the
/// order they were decoded. The host owns both threads and the bounded queue between them
/// (a full queue holds back the decoder, which holds back the transfer).
///
/// The host asks for a decoder when a page's answer comes from the network with a 2xx
/// status, the transport can stream and the body is past the MiB the host keeps whole
/// (a smaller one is read whole by `decode` and stored by `persist`); it hands the
/// decoder the body's bytes in order, in chunks that may end anywhere (inside a string,
/// an escape, a UTF-8 sequence). If the body breaks off, the decoder throws or the store throws, the
/// page's transaction rolls back: nothing stored is lost or half-changed. Once the whole
/// body has been read and its items stored, the host may commit them before it records
/// the answer that names them: what one call of ``store(_:for:page:in:)`` writes must
/// stand on its own (items upserted, never half of a replacement). Every other answer
/// (a body within the MiB, a cache hit, a transport that cannot stream) is read whole by
/// ``Provider/decode(_:for:warnings:)``, so the two halves together must give the same
/// page, the same warnings and the same errors as that path (and as
/// ``BatchStoring/persistBody``, which stores a body the decoder hands back whole).
///
/// A protocol because each provider's ``Item`` is its own type, which neither
/// ``BatchStoring`` nor the host names: the host hands the value to code generic over it.
public protocol PageStreaming<Query, Response>: Sendable {
    associatedtype Query
    associatedtype Response
    /// What a body's bytes decode into and what is stored: one item of a page.
    associatedtype Item: Sendable

    /// A decoder for page `page` of `query`. It runs on a thread of its own.
    ///
    /// `keepingItems`: whether the page the decoder returns at the end holds its items.
    /// False when the host prints the items as they are decoded (``response(printing:for:page:)``):
    /// the page then needs only what storing it as the answer reads (NYT: the articles'
    /// ids), so that a large answer is not held from its first item to its last.
    func bodyDecoder(for query: Query, page: Int, keepingItems: Bool) -> any StreamingBodyDecoder<Item, Response>

    /// `items`, just decoded from page `page`, as a response of their own: what the host
    /// prints of them while the rest of the page arrives. Printed one after another, these
    /// responses must print what the page with all its items prints, byte for byte.
    func response(printing items: [Item], for query: Query, page: Int) -> Response

    /// Stores `items`, the next ones the decoder gave, inside the page's transaction.
    /// Throws a ``StoreError`` as `persistBody` would.
    func store(_ items: [Item], for query: Query, page: Int, in context: PersistContext) throws
}

/// A ``PageStreaming`` made of three closures, the provider's own methods.
public struct ItemStreaming<Query, Response, Item: Sendable>: PageStreaming {
    private let decoder: @Sendable (Query, Int, Bool) -> any StreamingBodyDecoder<Item, Response>
    private let printing: @Sendable ([Item], Query, Int) -> Response
    private let storing: @Sendable ([Item], Query, Int, PersistContext) throws -> Void

    public init(
        bodyDecoder: @escaping @Sendable (_ query: Query, _ page: Int, _ keepingItems: Bool)
            -> any StreamingBodyDecoder<Item, Response>,
        printing: @escaping @Sendable (_ items: [Item], _ query: Query, _ page: Int) -> Response,
        store: @escaping @Sendable (_ items: [Item], _ query: Query, _ page: Int, _ context: PersistContext) throws -> Void
    ) {
        decoder = bodyDecoder
        self.printing = printing
        storing = store
    }

    public func bodyDecoder(for query: Query, page: Int, keepingItems: Bool) -> any StreamingBodyDecoder<Item, Response> {
        decoder(query, page, keepingItems)
    }

    public func response(printing items: [Item], for query: Query, page: Int) -> Response {
        printing(items, query, page)
    }

    public func store(_ items: [Item], for query: Query, page: Int, in context: PersistContext) throws {
        try storing(items, query, page, context)
    }
}
