import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Storing an answer page by page as it is read (``BatchPersistingProvider``), so
/// that a large body and all its decoded items are never held at once.
///
/// Each page's body is stored inside its own write transaction, taken after the
/// page arrived (never across a request), and dropped; those writes only upsert
/// items. The query's answer and the fetch log are replaced together in one last
/// transaction, which also reads the items back to print: a reader, or a run
/// killed at any moment, sees the previous answer or the new one, whole.
extension QueryRunner {
    /// Whether the run stores in batches, and how many pages went in that way.
    struct BatchedPages {
        private(set) var plan: BatchPlan<P.Query, P.Response>?
        private(set) var storedPages = 0

        init(plan: BatchPlan<P.Query, P.Response>?) {
            self.plan = plan
        }

        /// A cache hit whose answer is stored already is read as before, so that it writes nothing.
        mutating func skipIfStored(_ origin: HTTPResponse.Origin, runner: QueryRunner, label: String) {
            guard plan != nil, case let .cache(storedAt) = origin, runner.storedAnswer(label, since: storedAt) else { return }
            plan = nil
        }

        mutating func stored() { storedPages += 1 }
        mutating func stop() { plan = nil }
    }

    /// The store failed once some pages were in: the run shows those and says why it stopped.
    struct StoppedStoring: Error {
        let warning: String
    }

    /// Page `page` of `query`, stored in batches and returned without its items' contents;
    /// decoded whole instead when the store fails before any page went in.
    /// `streamed`: the outcome of a body read as it arrived (``StreamedPage``), if it was.
    func storeInBatches(
        _ response: HTTPResponse, streamed: StreamedPage<P.Response>.Outcome?, page: Int, of query: P.Query,
        into batches: inout BatchedPages, warnings: inout [String]
    ) throws -> P.Response {
        if let streamed { return try streamedResult(streamed, response: response, of: query, into: &batches, warnings: &warnings) }
        guard let plan = batches.plan else { return try decode(response, for: query, warnings: &warnings) }
        let label = provider.label(for: query)
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

    /// Makes the stored pages `query`'s answer, logs the fetch, and reads the items back to print.
    func finishBatches(_ merged: P.Response, for query: P.Query, warnings: [String]) -> QueryOutcome<P.Response> {
        guard let plan = batching else { return .success(merged, warnings: warnings) }
        let label = provider.label(for: query)
        do {
            let now = time.now()
            let answer = try store.write { tx in
                trace?("store: write began for \(label)")
                try plan.replaceAnswer(merged, query, PersistContext(tx, fetchedAt: now))
                try HostSchema.recordFetch(provider: provider.descriptor.name, queryKey: label, at: now, in: tx)
                return try plan.filled(merged, query, tx)
            }
            trace?("store: committed \(label)")
            return .success(answer, warnings: warnings)
        } catch {
            // The pages' items are stored: the answer is still shown, from them.
            let warnings = warnings + ["could not store the results: \(storeFailureReason(error))"]
            do {
                return .success(try store.read { try plan.filled(merged, query, $0) }, warnings: warnings, unstored: true)
            } catch {
                return .failure(ErrorMapping.cliError(error), warnings: warnings)
            }
        }
    }

    /// A store error as one line, naming the store.
    func storeFailureReason(_ error: any Error) -> String {
        (error as? StoreError).map { StoreFailure.cliError($0, path: store.path).message }
            ?? ErrorMapping.cliError(error).message
    }
}
