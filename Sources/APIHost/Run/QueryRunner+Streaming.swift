import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading a page while it arrives (``PageStreaming``): the fetch half of
/// ``StreamedPage``.
extension QueryRunner {
    /// Sends page `page` of `query`; when the run stores in batches and the provider reads
    /// bodies as they arrive, with a ``StreamedPage`` as the body's sink. A streamed
    /// body's outcome is returned beside the response; one the page only collected
    /// (small enough to hold) is put back in the response, to be read as before.
    /// `early`: where the page is printed as soon as it is decoded, if it streams.
    func send(
        _ endpoint: Endpoint, page: Int, of query: P.Query, batches: BatchedPages, early: EarlyOutput<P.Response>?
    ) async throws -> (HTTPResponse, StreamedPage<P.Response>.Outcome?) {
        let streamed = batches.plan.flatMap { streamedPage(page, of: query, plan: $0, early: early) }
        var response: HTTPResponse
        do {
            response = try await send(endpoint, patient: page > 0, sink: streamed) {
                capabilities.failure(status: $0, body: $1, for: query)
            }
        } catch {
            // A body that broke off: its transaction rolls back before the run goes on.
            await streamed?.settle()
            throw error
        }
        guard response.bodyStreamed, let streamed else { return (response, nil) }
        let outcome = await streamed.outcome()
        if case let .whole(body) = outcome {
            response.body = body
            response.bodyStreamed = false
            return (response, nil)
        }
        return (response, outcome)
    }

    /// The sink for page `page`, or nil when the provider reads whole bodies only.
    ///
    /// A page that is the whole answer (``answersAlone(_:)``) is made the query's answer
    /// and logged in the same write, not in a second one after it, and its items are
    /// committed first (``Transaction/commitSoFar()``): the WAL they left, most of the
    /// page's, is copied into the file on a thread of its own while the answer is
    /// recorded, instead of after it on the storing thread.
    private func streamedPage(
        _ page: Int, of query: P.Query, plan: BatchPlan<P.Query, P.Response>, early: EarlyOutput<P.Response>?
    ) -> StreamedPage<P.Response>? {
        guard let streamPage = plan.streamPage else { return nil }
        let store = self.store
        let time = self.time
        let trace = self.trace
        let label = self.label(for: query)
        let answers = answersAlone(query)
        let runner = self
        return StreamedPage { queue in
            Result {
                let stored = try store.write(syncingAhead: true) { tx in
                    trace?("store: write began for \(label) (page \(page + 1), in batches)")
                    var warnings: [String] = []
                    // Printed early by the first attempt only: a retried body's first attempt may have
                    // printed some of its items already, into a spool that is then never shown.
                    let printing = queue.attempt == 1 ? early : nil
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

    /// Whether `query` has one page only, so that its streamed page is its answer whole.
    func answersAlone(_ query: P.Query) -> Bool {
        max(1, paging.count(query)) == 1
    }

    /// A streamed page's outcome, as ``storeInBatches(_:streamed:page:of:into:warnings:)`` returns it.
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
                if early?.claimed == true { throw ShownNotStored(warning: reason) }
                // The body was read as it came and is gone: with nothing stored, nothing can be shown.
                throw CLIError(reason, exitCode: StoreFailure.cliError(error, path: store.path).exitCode)
            }
            throw StoppedStoring(warning: "stopped after \(batches.storedPages) of \(max(1, paging.count(query))) pages: \(reason)")
        case let .failed(error):
            return try reading(response, storedPages: batches.storedPages) { throw error }
        case let .whole(body):
            var whole = response
            whole.body = body
            return try decode(whole, for: query, warnings: &warnings)
        }
    }
}
