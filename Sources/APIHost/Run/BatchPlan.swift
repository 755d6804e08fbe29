import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the host stores a provider's answers: page by page through its
/// ``BatchStoring`` when it has one, nil otherwise (the answer decoded whole,
/// then stored with `persist`).
///
/// Read once per run from the provider's ``Capabilities``, in ``ProviderCommand``,
/// and kept as closures typed by the provider's own `Query` and `Response`.
struct BatchPlan<Query: Sendable, Response: Sendable>: Sendable {
    let persistBody: @Sendable (Data, Query, Int, PersistContext, inout [String]) throws -> Response
    let replaceAnswer: @Sendable (Response, Query, PersistContext) throws -> Void
    /// Reads and stores a page's body as it arrives, on the calling (storing) thread and
    /// a decoding thread of its own (``PageStreaming``, ``StreamedPagePipeline``):
    /// the page's chunks, its transaction, where it is printed once decoded (``EarlyOutput``),
    /// its warnings.
    typealias StreamPage =
        @Sendable (Query, Int, ChunkQueue, PersistContext, EarlyOutput<Response>?, inout [String]) throws -> Response
    /// Nil: whole bodies only.
    let streamPage: StreamPage?

    /// The batch storing a provider declares.
    init(_ storing: BatchStoring<Query, Response>) {
        persistBody = storing.persistBody
        replaceAnswer = storing.replaceAnswer
        streamPage = storing.streaming.map { Self.streamHook($0, persistBody: storing.persistBody) }
    }

    /// The provider's two halves, typed by its item, behind a closure typed by its page only.
    private static func streamHook<S: PageStreaming>(
        _ streaming: S,
        persistBody: @escaping @Sendable (Data, Query, Int, PersistContext, inout [String]) throws -> Response
    ) -> StreamPage where S.Query == Query, S.Response == Response {
        { query, page, chunks, context, early, warnings in
            let pipeline = StreamedPagePipeline<S.Item, S.Response>(
                makeDecoder: { streaming.bodyDecoder(for: query, page: page, keepingItems: $0) },
                printable: { streaming.response(printing: $0, for: query, page: page) },
                store: { try streaming.store($0, for: query, page: page, in: $1) },
                storeWhole: { try persistBody($0, query, page, $1, &$2) })
            return try pipeline.run(chunks, in: context, early: early, warnings: &warnings)
        }
    }
}
