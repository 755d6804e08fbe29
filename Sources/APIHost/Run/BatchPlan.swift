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
struct BatchPlan<Query, Response>: Sendable {
    let persistBody: @Sendable (Data, Query, Int, PersistContext, inout [String]) throws -> Response
    let replaceAnswer: @Sendable (Response, Query, PersistContext) throws -> Void
    /// A reader for a page's body as it arrives (``StreamingBatchProvider``); nil: whole bodies only.
    let reader: (@Sendable (Query, Int) -> any StreamingBodyReader<Response>)?

    /// The hooks of a provider that conforms (see ``Capabilities``, which asks).
    static func plan<B: BatchPersistingProvider>(_ provider: B) -> Any {
        BatchPlan<B.Query, B.Response>(
            persistBody: { try provider.persistBody($0, for: $1, page: $2, in: $3, warnings: &$4) },
            replaceAnswer: { try provider.replaceAnswer(with: $0, for: $1, in: $2) },
            reader: (provider as? any StreamingBatchProvider).flatMap {
                readerHook($0) as? @Sendable (B.Query, Int) -> any StreamingBodyReader<B.Response>
            })
    }

    private static func readerHook<S: StreamingBatchProvider>(_ provider: S) -> Any {
        let hook: @Sendable (S.Query, Int) -> any StreamingBodyReader<S.Response> = {
            provider.bodyReader(for: $0, page: $1)
        }
        return hook
    }
}
