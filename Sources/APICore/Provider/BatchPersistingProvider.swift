#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A provider that stores a large answer while it reads it, an item at a time,
/// in the page's own write transaction.
///
/// The host stores a page this way only when its body is too large to hold (past the
/// MiB it keeps whole, ``StreamingBatchProvider``); a smaller one is read whole by
/// `decode` and stored with its answer by `persist`, in one transaction. A large body
/// the streaming decoder hands back whole goes to
/// ``persistBody(_:for:page:in:warnings:)``, inside the page's write transaction; the
/// provider upserts its items as it decodes them (rows any answer may share, so
/// writing them again changes nothing) and returns the page as decoded, items and all:
/// a fresh answer is printed from what was decoded, never read back from the store
/// (reading 1,000 NYT articles back was a fifth of the run's instructions). Once every
/// page is in, ``replaceAnswer(with:for:in:)`` replaces the query's stored answer in
/// one transaction — a reader sees the old answer or the new one, whole. Answers from
/// the store (`--offline`, a stale fallback) are still read with ``Provider/load(_:from:)``.
public protocol BatchPersistingProvider: Provider {
    /// Decodes page `page` of `query`, upserts its items through `context`, and
    /// returns the page as ``decode(_:for:warnings:)`` would (the items are what a
    /// fresh answer prints). Warns and throws exactly as `decode` does.
    func persistBody(
        _ body: Data, for query: Query, page: Int, in context: PersistContext, warnings: inout [String]
    ) throws -> Response

    /// Makes `answer` (its pages as decoded, merged) the stored answer to `query`,
    /// replacing the previous one whole.
    func replaceAnswer(with answer: Response, for query: Query, in context: PersistContext) throws
}
