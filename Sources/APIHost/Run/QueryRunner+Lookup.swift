#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The lookup step of a run: a query that needs one (``Lookup``)
/// is resolved from the store while the stored answer is young enough, else
/// through the shared client, and the answer stored with the host's clock.
extension QueryRunner {
    /// A query ready to fetch, or the outcome that ends its run.
    enum Resolved {
        case ready(P.Query, warnings: [String])
        case finished(QueryOutcome<P.Response>)
    }

    func resolve(_ query: P.Query) async -> Resolved {
        guard let lookups, let endpoint = lookups.request(query) else { return .ready(query, warnings: []) }
        let stored = try? store.read { tx in try lookups.stored(for: query, in: tx) }
        if let stored, time.now().timeIntervalSince(stored.fetchedAt) < lookups.lifetime.timeInterval {
            return .ready(stored.value, warnings: [])
        }
        var warnings: [String] = []
        let resolution: Lookup<P.Query>.Resolution
        do {
            // The lookup's own reading of a failure when it has one, else the provider's.
            let failure = lookups.failure ?? { [capabilities] in capabilities.failure(status: $0, body: $1, for: $2) }
            let response = try await send(endpoint, patient: false) { failure($0, $1, query) }
            do {
                resolution = try reading(response) { try lookups.read(response.body, for: query, warnings: &warnings) }
            } catch let failure as CLIError {
                // An answer that cannot be read must not be served again from the cache.
                forgetCachedAnswer(endpoint)
                throw failure
            }
        } catch let failure as FetchFailure {
            guard failure.isTransient else { return .finished(.failure(failure.error, warnings: warnings)) }
            // The network is failing: a stored place of any age, and the stored answer, stand in.
            return .finished(answerFromStore(stored?.value ?? query, because: failure.error))
        } catch {
            return .finished(.failure(ErrorMapping.cliError(error), warnings: warnings))
        }
        // A read-only store was announced once by the command; the place is still used.
        guard !store.isReadOnly else { return .ready(resolution.query, warnings: warnings) }
        do {
            let now = time.now()
            try store.write { tx in try resolution.persist(PersistContext(tx, fetchedAt: now)) }
        } catch {
            warnings.append("could not store the lookup: \(ErrorMapping.cliError(error).message)")
        }
        return .ready(resolution.query, warnings: warnings)
    }

    /// The query as resolved by its stored lookup of any age, for `--offline`; nil when none is stored.
    func storedResolution(of query: P.Query) -> P.Query? {
        guard let lookups, lookups.request(query) != nil else { return nil }
        return (try? store.read { tx in try lookups.stored(for: query, in: tx) })?.value
    }
}
