import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Storing an answer whose pages streamed (``PageStreaming``): the run's
/// second path, taken only once a page's body is past ``StreamedPage/keptWhole``.
///
/// A streamed page's body is stored inside its own write transaction as it is read;
/// those writes only upsert items. The query's answer and the fetch log are replaced
/// together in one last transaction, with the items of any page that came whole (a
/// streamed page that is the whole answer does it all in its own): a reader, or a run
/// killed at any moment, sees the previous answer or the new one, whole. What is
/// printed is the pages as decoded. An answer whose pages all came whole never comes
/// here: it is stored in one transaction at the end (``QueryRunner``).
extension QueryRunner {
    /// Whether the run's pages may stream, and how many were stored as they streamed.
    struct BatchedPages {
        private(set) var plan: BatchPlan<P.Query, P.Response>?
        private(set) var storedPages = 0
        /// The answer was replaced with the pages' own transaction (a streamed page that is the whole answer).
        private(set) var answered = false

        init(plan: BatchPlan<P.Query, P.Response>?) {
            self.plan = plan
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

    /// Makes the stored pages, and those that came whole (`whole`, merged; nil when none
    /// did), `query`'s answer and logs the fetch, in one transaction; the answer printed is
    /// `merged`, as decoded.
    func finishBatches(
        _ merged: P.Response, whole: P.Response?, for query: P.Query, batches: BatchedPages, warnings: [String]
    ) -> QueryOutcome<P.Response> {
        guard let plan = batching, !batches.answered else { return .success(merged, warnings: warnings) }
        let label = self.label(for: query)
        do {
            let now = time.now()
            try store.write { tx in
                trace?("store: write began for \(label)")
                // The items of the pages that came whole (the answer they make is replaced just after).
                if let whole { try provider.persist(whole, for: query, in: PersistContext(tx, fetchedAt: now)) }
                try recordAnswer(merged, for: query, plan: plan, in: tx)
            }
            trace?("store: committed \(label)")
            return .success(merged, warnings: warnings)
        } catch {
            // The streamed pages' items are stored, and the answer is still shown as decoded.
            return .success(merged, warnings: warnings + ["could not store the results: \(storeFailureReason(error))"], unstored: true)
        }
    }

    /// Inside `tx`: `merged` becomes `query`'s answer, and the fetch is logged, at one time.
    func recordAnswer(_ merged: P.Response, for query: P.Query, plan: BatchPlan<P.Query, P.Response>, in tx: Transaction) throws {
        let now = time.now()
        try plan.replaceAnswer(merged, query, PersistContext(tx, fetchedAt: now))
        try HostSchema.recordFetch(provider: provider.descriptor.name, queryKey: fetchLogKey(query), at: now, in: tx)
    }
}
