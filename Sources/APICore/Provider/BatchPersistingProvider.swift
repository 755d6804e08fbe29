#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A provider that stores a large answer while it reads it, a batch of items at a
/// time, so that the body and every decoded item are never held together.
///
/// Decoding a 30 MiB NYT answer whole holds the body and its 20,000 articles at
/// once (2.8x the body at peak). With this refinement the host hands each page's
/// body to ``persistBody(_:for:page:in:warnings:)`` inside a write transaction and
/// drops it; the provider upserts its items batch by batch (rows any answer may
/// share, so writing them again changes nothing) and returns the page without its
/// items' contents. Once every page is in, ``replaceAnswer(with:for:in:)`` replaces
/// the query's stored answer in one transaction — a reader sees the old answer or
/// the new one, whole — and ``filled(_:for:from:)`` reads the items back to print.
/// The peak is then about the larger of (body + one batch) and (the items), not their sum.
public protocol BatchPersistingProvider: Provider {
    /// Decodes page `page` of `query` and upserts its items in batches through
    /// `context`; returns the page with what ``PagedProvider`` and
    /// ``replaceAnswer(with:for:in:)`` need (item keys, totals) but not the items'
    /// contents. Warns and throws exactly as ``decode(_:for:warnings:)`` does.
    func persistBody(
        _ body: Data, for query: Query, page: Int, in context: PersistContext, warnings: inout [String]
    ) throws -> Response

    /// Makes `answer` (pages from ``persistBody(_:for:page:in:warnings:)``, merged)
    /// the stored answer to `query`, replacing the previous one whole.
    func replaceAnswer(with answer: Response, for query: Query, in context: PersistContext) throws

    /// `answer` with its items' contents read back from the answer stored for `query`.
    func filled(_ answer: Response, for query: Query, from transaction: Transaction) throws -> Response
}
