#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Storing a large answer while it is read, an item at a time, in the page's own
/// write transaction: a provider's ``Capabilities/batchStoring``.
///
/// The host stores a page this way only when its body is too large to hold (past the
/// MiB it keeps whole, ``PageStreaming``); a smaller one is read whole by `decode` and
/// stored with its answer by `persist`, in one transaction. A large body the streaming
/// decoder hands back whole goes to ``persistBody``, inside the page's write
/// transaction; the provider upserts its items as it decodes them (rows any answer may share, so writing them again changes nothing) and
/// returns the page as decoded, items and all: a fresh answer is printed from what was
/// decoded, never read back from the store (reading 1,000 NYT articles back was a fifth
/// of the run's instructions). Once every page is in, ``replaceAnswer`` replaces the
/// query's stored answer in one transaction — a reader sees the old answer or the new
/// one, whole. Answers from the store (`--offline`, a stale fallback) are still read
/// with ``Provider/load(_:from:)``.
public struct BatchStoring<Query, Response>: Sendable {
    /// Decodes page `page` of `query`, upserts its items through `context`, and returns
    /// the page as ``Provider/decode(_:for:warnings:)`` would (the items are what a fresh
    /// answer prints). Warns and throws exactly as `decode` does.
    public var persistBody: @Sendable (
        _ body: Data, _ query: Query, _ page: Int, _ context: PersistContext, _ warnings: inout [String]
    ) throws -> Response

    /// Makes `answer` (its pages as decoded, merged) the stored answer to `query`,
    /// replacing the previous one whole.
    public var replaceAnswer: @Sendable (_ answer: Response, _ query: Query, _ context: PersistContext) throws -> Void

    /// Reading a large page while its body arrives (``PageStreaming``); nil: whole bodies only.
    public var streaming: (any PageStreaming<Query, Response>)?

    public init(
        persistBody: @escaping @Sendable (
            _ body: Data, _ query: Query, _ page: Int, _ context: PersistContext, _ warnings: inout [String]
        ) throws -> Response,
        replaceAnswer: @escaping @Sendable (_ answer: Response, _ query: Query, _ context: PersistContext) throws -> Void,
        streaming: (any PageStreaming<Query, Response>)? = nil
    ) {
        self.persistBody = persistBody
        self.replaceAnswer = replaceAnswer
        self.streaming = streaming
    }
}
