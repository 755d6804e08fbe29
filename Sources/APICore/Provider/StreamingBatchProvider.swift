/// A provider that reads a page while its body arrives, storing its items a batch at
/// a time as the bytes complete them, so that neither the body nor its items are ever
/// held whole: peak memory stays the same whatever the answer's length.
///
/// The host asks for a reader when a page's answer comes from the network with a 2xx
/// status and the transport can stream; it hands the reader the body's bytes in
/// order, in chunks that may end anywhere (inside a string, an escape, a UTF-8
/// sequence), inside the page's one write transaction. If the body breaks off, or the
/// reader throws, that transaction rolls back: nothing stored is lost or half-changed.
/// Every other answer (a cache hit, a transport that cannot stream) still goes through
/// ``BatchPersistingProvider/persistBody(_:for:page:in:warnings:)`` whole, so a reader
/// must give the same page, the same warnings and the same errors as that path.
public protocol StreamingBatchProvider: BatchPersistingProvider {
    /// A reader for page `page` of `query`.
    func bodyReader(for query: Query, page: Int) -> any StreamingBodyReader<Response>
}

/// Reads one page's body as it arrives (see ``StreamingBatchProvider``).
public protocol StreamingBodyReader<Page> {
    associatedtype Page

    /// The next bytes of the body; items they complete are stored through `context`.
    /// Throws as ``BatchPersistingProvider/persistBody(_:for:page:in:warnings:)`` would
    /// for a body it cannot read.
    mutating func read(_ bytes: UnsafeRawBufferPointer, in context: PersistContext) throws

    /// Every byte has arrived: the page as `persistBody` returns it, and its warnings.
    mutating func finish(in context: PersistContext, warnings: inout [String]) throws -> Page
}
