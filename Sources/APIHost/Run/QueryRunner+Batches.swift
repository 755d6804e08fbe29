import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Storing an answer page by page as it is read (``BatchStoring``).
///
/// Each page's body is stored inside its own write transaction, taken after the
/// page arrived (never across a request), and dropped; those writes only upsert
/// items. The query's answer and the fetch log are replaced together in one last
/// transaction (a streamed page that is the whole answer does it in its own): a reader,
/// or a run killed at any moment, sees the previous answer or the new one, whole. What
/// is printed is the pages as decoded.
extension QueryRunner {
    /// Whether the run stores in batches, and how many pages went in that way.
    struct BatchedPages {
        private(set) var plan: BatchPlan<P.Query, P.Response>?
        private(set) var storedPages = 0
        /// The answer was replaced with the pages' own transaction (a streamed page that is the whole answer).
        private(set) var answered = false

        init(plan: BatchPlan<P.Query, P.Response>?) {
            self.plan = plan
        }

        /// A cache hit whose answer is stored already is read as before, so that it writes nothing.
        mutating func skipIfStored(_ origin: HTTPResponse.Origin, runner: QueryRunner, label: String) {
            guard plan != nil, case let .cache(storedAt) = origin, runner.storedAnswer(label, since: storedAt) else { return }
            plan = nil
        }

        mutating func stored(answered: Bool = false) {
            storedPages += 1
            self.answered = answered
        }
        mutating func stop() { plan = nil }
    }

    /// The store failed once some pages were in: the run shows those and says why it stopped.
    struct StoppedStoring: Error {
        let warning: String
    }

    /// The store refused the one page after it was printed (``EarlyOutput``): the answer
    /// was shown and not kept, as a read-only store's is.
    struct ShownNotStored: Error {
        let warning: String
    }

    /// Page `page` of `query`, stored as it is read and returned as decoded;
    /// decoded without storing instead when the store fails before any page went in.
    /// `streamed`: the outcome of a body read as it arrived (``StreamedPage``), if it was.
    func storeInBatches(
        _ response: HTTPResponse, streamed: StreamedPage<P.Response>.Outcome?, page: Int, of query: P.Query,
        into batches: inout BatchedPages, warnings: inout [String]
    ) throws -> P.Response {
        if let streamed { return try streamedResult(streamed, response: response, of: query, into: &batches, warnings: &warnings) }
        guard let plan = batches.plan else { return try decode(response, for: query, warnings: &warnings) }
        let label = self.label(for: query)
        var pageWarnings: [String] = []
        do {
            let now = time.now()
            let light = try store.write { tx in
                trace?("store: write began for \(label) (page \(page + 1), in batches)")
                return try reading(response, storedPages: batches.storedPages) {
                    try plan.persistBody(response.body, query, page, PersistContext(tx, fetchedAt: now), &pageWarnings)
                }
            }
            batches.stored()
            warnings += pageWarnings
            return light
        } catch let error as StoreError {
            batches.stop()
            // Nothing went in: the answer is stored whole at the end, as without batches.
            guard batches.storedPages > 0 else { return try decode(response, for: query, warnings: &warnings) }
            throw StoppedStoring(warning: "stopped after \(batches.storedPages) of \(max(1, paging.count(query))) pages: "
                + "could not store the results: \(storeFailureReason(error))")
        }
    }

    /// Makes the stored pages `query`'s answer and logs the fetch; the answer printed is `merged`, as decoded.
    func finishBatches(
        _ merged: P.Response, for query: P.Query, batches: BatchedPages, warnings: [String]
    ) -> QueryOutcome<P.Response> {
        guard let plan = batching, !batches.answered else { return .success(merged, warnings: warnings) }
        let label = self.label(for: query)
        do {
            try store.write { tx in
                trace?("store: write began for \(label)")
                try recordAnswer(merged, for: query, plan: plan, in: tx)
            }
            trace?("store: committed \(label)")
            return .success(merged, warnings: warnings)
        } catch {
            // The pages' items are stored, and the answer is still shown as decoded.
            return .success(merged, warnings: warnings + ["could not store the results: \(storeFailureReason(error))"], unstored: true)
        }
    }

    /// Inside `tx`: `merged` becomes `query`'s answer, and the fetch is logged, at one time.
    func recordAnswer(_ merged: P.Response, for query: P.Query, plan: BatchPlan<P.Query, P.Response>, in tx: Transaction) throws {
        let now = time.now()
        try plan.replaceAnswer(merged, query, PersistContext(tx, fetchedAt: now))
        try HostSchema.recordFetch(provider: provider.descriptor.name, queryKey: label(for: query), at: now, in: tx)
    }

    /// A store error as one line, naming the store.
    func storeFailureReason(_ error: any Error) -> String {
        (error as? StoreError).map { StoreFailure.cliError($0, path: store.path).message }
            ?? ErrorMapping.cliError(error).message
    }
}
