import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading a page while it arrives (``PageStreaming``): the fetch half of
/// ``StreamedPage``, for a body past ``StreamedPage/keptWhole`` bytes only.
extension QueryRunner {
    /// Sends page `page` of `query`. When the run stores in batches and the provider reads
    /// bodies as they arrive, the request carries a ``LargeBodyRoute``: a body within its
    /// threshold comes back whole, as any, and nothing of the stream is made; one past it
    /// goes to a ``StreamedPage``, whose outcome is returned beside the response.
    /// `early`: where the page is printed as soon as it is decoded, if it streams.
    func send(
        _ endpoint: Endpoint, page: Int, of query: P.Query, batches: BatchedPages,
        early: MadeOnDemand<EarlyOutput<P.Response>>?
    ) async throws -> (HTTPResponse, StreamedPage<P.Response>.Outcome?) {
        let route = batches.plan.flatMap { streamingRoute(page, of: query, plan: $0, early: early) }
        let response: HTTPResponse
        do {
            response = try await send(endpoint, patient: page > 0, route: route) {
                capabilities.failure(status: $0, body: $1, for: query)
            }
        } catch {
            // A body that broke off: its transaction rolls back before the run goes on.
            await (route?.madeSink as? StreamedPage<P.Response>)?.settle()
            throw error
        }
        guard let streamed = route?.madeSink as? StreamedPage<P.Response> else { return (response, nil) }
        // Waited for even when a retry came back whole: the attempt that streamed has rolled back.
        let outcome = await streamed.outcome()
        guard response.bodyStreamed else { return (response, nil) }
        return (response, outcome ?? .failed(StoreError.misuse(reason: "a streamed answer was never begun")))
    }

    /// Where page `page`'s body goes if it is past ``StreamedPage/keptWhole``, or nil when
    /// the provider reads whole bodies only. The ``StreamedPage`` is made by the first body
    /// past it, and not at all for a smaller one.
    ///
    /// A page that is the whole answer (``answersAlone(_:)``) is made the query's answer
    /// and logged in the same write, not in a second one after it, and its items are
    /// committed first (``Transaction/commitSoFar()``): the WAL they left, most of the
    /// page's, is copied into the file on a thread of its own while the answer is
    /// recorded, instead of after it on the storing thread.
    private func streamingRoute(
        _ page: Int, of query: P.Query, plan: BatchPlan<P.Query, P.Response>, early: MadeOnDemand<EarlyOutput<P.Response>>?
    ) -> LargeBodyRoute? {
        guard let streamPage = plan.streamPage else { return nil }
        let store = self.store
        let time = self.time
        let trace = self.trace
        let label = self.label(for: query)
        let answers = answersAlone(query)
        let runner = self
        return LargeBodyRoute(threshold: StreamedPage<P.Response>.keptWhole) {
            StreamedPage<P.Response> { queue in
                Result {
                    let stored = try store.write(syncingAhead: true) { tx in
                        trace?("store: write began for \(label) (page \(page + 1), in batches)")
                        var warnings: [String] = []
                        // Printed early by the first attempt only: a retried body's first attempt may have
                        // printed some of its items already, into a spool that is then never shown.
                        let printing = queue.attempt == 1 ? early?.value : nil
                        let light = try streamPage(query, page, queue, PersistContext(tx, fetchedAt: time.now()), printing, &warnings)
                        if answers {
                            // The body is whole and its items stored: they are committed, and copied
                            // into the file on the idle core while the answer is recorded.
                            try tx.commitSoFar()
                            try runner.recordAnswer(runner.paging.merge([light]), for: query, plan: plan, in: tx)
                        }
                        return (light, warnings)
                    }
                    if answers { trace?("store: committed \(label)") }
                    return stored
                }
            }
        }
    }

    /// Whether `query` has one page only, so that its streamed page is its answer whole.
    func answersAlone(_ query: P.Query) -> Bool {
        max(1, paging.count(query)) == 1
    }

    /// A streamed page's outcome: the page as stored, or why it is not.
    func streamedResult(
        _ outcome: StreamedPage<P.Response>.Outcome, response: HTTPResponse, of query: P.Query,
        into batches: inout BatchedPages, warnings: inout [String]
    ) throws -> P.Response {
        switch outcome {
        case let .stored(light, pageWarnings):
            batches.stored(answered: answersAlone(query))
            warnings += pageWarnings
            return light
        case let .failed(error as StoreError):
            batches.stop()
            let reason = "could not store the results: \(storeFailureReason(error))"
            guard batches.storedPages > 0 else {
                if early?.ifMade?.claimed == true { throw ShownNotStored(warning: reason) }
                // The body was read as it came and is gone: with nothing stored, nothing can be shown.
                throw CLIError(reason, exitCode: StoreFailure.cliError(error, path: store.path).exitCode)
            }
            throw StoppedStoring(warning: "stopped after \(batches.storedPages) of \(max(1, paging.count(query))) pages: \(reason)")
        case let .failed(error):
            return try reading(response, storedPages: batches.storedPages) { throw error }
        }
    }
}
