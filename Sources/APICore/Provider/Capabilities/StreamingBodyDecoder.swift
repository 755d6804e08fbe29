#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes one page's body as it arrives (see ``PageStreaming``), touching no
/// store: what it decodes goes to ``PageStreaming/store(_:for:page:in:)``.
public protocol StreamingBodyDecoder<Item, Page> {
    associatedtype Item
    associatedtype Page

    /// The next bytes of the body; the items they complete are appended to `items`.
    /// Throws as ``BatchStoring/persistBody`` would for a body it cannot read.
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
