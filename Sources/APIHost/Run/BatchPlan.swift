import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the host stores a provider's answers: page by page through the
/// ``BatchPersistingProvider`` hooks when it conforms, nil otherwise (the
/// answer decoded whole, then stored with `persist`).
///
/// Asked once per run, in ``Capabilities``, and kept as closures
/// typed by the provider's own `Query` and `Response`.
struct BatchPlan<Query, Response: Sendable>: Sendable {
    let persistBody: @Sendable (Data, Query, Int, PersistContext, inout [String]) throws -> Response
    let replaceAnswer: @Sendable (Response, Query, PersistContext) throws -> Void
    /// Reads and stores a page's body as it arrives, on the calling (storing) thread and
    /// a decoding thread of its own (``StreamingBatchProvider``, ``StreamedPagePipeline``):
    /// the page's chunks, its transaction, where it is printed once decoded (``EarlyOutput``),
    /// its warnings.
    typealias StreamPage =
        @Sendable (Query, Int, ChunkQueue, PersistContext, EarlyOutput<Response>?, inout [String]) throws -> Response
    /// Nil: whole bodies only.
    let streamPage: StreamPage?

    /// The hooks of a provider that conforms (see ``Capabilities``, which asks).
    static func plan<B: BatchPersistingProvider>(_ provider: B) -> Any {
        BatchPlan<B.Query, B.Response>(
            persistBody: { try provider.persistBody($0, for: $1, page: $2, in: $3, warnings: &$4) },
            replaceAnswer: { try provider.replaceAnswer(with: $0, for: $1, in: $2) },
            streamPage: (provider as? any StreamingBatchProvider).flatMap {
                streamHook($0) as? BatchPlan<B.Query, B.Response>.StreamPage
            })
    }

    /// The provider's two halves, typed by its item, behind a closure typed by its page only.
    private static func streamHook<S: StreamingBatchProvider>(_ provider: S) -> Any {
        let hook: BatchPlan<S.Query, S.Response>.StreamPage = { query, page, chunks, context, early, warnings in
            let pipeline = StreamedPagePipeline<S.StreamedItem, S.Response>(
                makeDecoder: { provider.bodyDecoder(for: query, page: page, keepingItems: $0) },
                printable: { provider.response(printing: $0, for: query, page: page) },
                store: { try provider.storeStreamed($0, for: query, page: page, in: $1) },
                storeWhole: { try provider.persistBody($0, for: query, page: page, in: $1, warnings: &$2) })
            return try pipeline.run(chunks, in: context, early: early, warnings: &warnings)
        }
        return hook
    }
}
