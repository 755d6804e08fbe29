#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A provider that reads a page while its body arrives, storing its items a batch at
/// a time as the bytes complete them, so that neither the body nor its items are ever
/// held whole: peak memory stays the same whatever the answer's length.
///
/// The work is split in two halves the host runs on two threads at once, because
/// decoding the bytes and storing the items each take about a third of a large run:
/// ``bodyDecoder(for:page:keepingItems:)`` turns the bytes into items and touches no store;
/// ``storeStreamed(_:for:page:in:)`` stores them inside the page's one write
/// transaction, in the order they were decoded. The host owns both threads and the
/// bounded queue between them (a full queue holds back the decoder, which holds back
/// the transfer).
///
/// The host asks for a decoder when a page's answer comes from the network with a 2xx
/// status, the transport can stream and the body is past the MiB the host keeps whole
/// (a smaller one is read whole by `decode` and stored by `persist`); it hands the
/// decoder the body's bytes in order, in chunks that may end anywhere (inside a string,
/// an escape, a UTF-8 sequence). If the body breaks off, the decoder throws or the store
/// throws, the page's transaction rolls back: nothing stored is lost or half-changed. Once the whole
/// body has been read and its items stored, the host may commit them before it records
/// the answer that names them: what one call of ``storeStreamed(_:for:page:in:)`` writes
/// must stand on its own (items upserted, never half of a replacement). Every other
/// answer (a body within the MiB, a cache hit, a transport that cannot stream) is read
/// whole by ``Provider/decode(_:for:warnings:)``, so the two halves together must give
/// the same page, the same warnings and the same errors as that path (and as
/// ``BatchPersistingProvider/persistBody(_:for:page:in:warnings:)``, which stores a body
/// the decoder hands back whole).
public protocol StreamingBatchProvider: BatchPersistingProvider {
    /// What a body's bytes decode into and what is stored: one item of a page.
    associatedtype StreamedItem: Sendable

    /// A decoder for page `page` of `query`. It runs on a thread of its own.
    ///
    /// `keepingItems`: whether the page the decoder returns at the end holds its items.
    /// False when the host prints the items as they are decoded (``response(printing:for:page:)``):
    /// the page then needs only what storing it as the answer reads (NYT: the articles'
    /// ids), so that a large answer is not held from its first item to its last.
    func bodyDecoder(for query: Query, page: Int, keepingItems: Bool) -> any StreamingBodyDecoder<StreamedItem, Response>

    /// `items`, just decoded from page `page`, as a response of their own: what the host
    /// prints of them while the rest of the page arrives. Printed one after another, these
    /// responses must print what the page with all its items prints, byte for byte.
    func response(printing items: [StreamedItem], for query: Query, page: Int) -> Response

    /// Stores `items`, the next ones the decoder gave, inside the page's transaction.
    /// Throws a ``StoreError`` as `persistBody` would.
    func storeStreamed(_ items: [StreamedItem], for query: Query, page: Int, in context: PersistContext) throws
}

/// Decodes one page's body as it arrives (see ``StreamingBatchProvider``), touching no
/// store: what it decodes goes to ``StreamingBatchProvider/storeStreamed(_:for:page:in:)``.
public protocol StreamingBodyDecoder<Item, Page> {
    associatedtype Item
    associatedtype Page

    /// The next bytes of the body; the items they complete are appended to `items`.
    /// Throws as ``BatchPersistingProvider/persistBody(_:for:page:in:warnings:)`` would
    /// for a body it cannot read.
    mutating func decode(_ bytes: UnsafeRawBufferPointer, into items: inout [Item]) throws

    /// Every byte has arrived: the last items, if any, go to `items`, and the page is
    /// returned with its warnings as `persistBody` gives them.
    mutating func finish(into items: inout [Item], warnings: inout [String]) throws -> StreamedPageEnd<Page>
}

/// How a streamed page ends (``StreamingBodyDecoder/finish(into:warnings:)``).
public enum StreamedPageEnd<Page> {
    /// Every item was handed over to be stored: the page as `persistBody` returns it.
    case page(Page)
    /// The body could not be read item by item (it is not in the shape the decoder
    /// splits, or the decoder kept it): the host stores it whole with `persistBody`, in
    /// the same transaction.
    case whole(Data)
}

extension StreamedPageEnd: Sendable where Page: Sendable {}
