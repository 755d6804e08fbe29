import Foundation

/// Runs one query of one provider through fetch, decode, persist — and, when the
/// network fails, answers from the store instead.
///
/// Generic over the provider so that its `Query` and `Response` stay typed all
/// the way; the registry's existentials are opened once, in `ProviderCommand`.
struct QueryRunner<P: Provider>: Sendable {
    let provider: P
    let client: HTTPClient
    let store: Store
    let baseURL: URL
    let credential: Credential?
    let options: RunOptions
    let time: TimeSource
    /// Advanced once per page fetched; nil when nothing is drawn.
    let progress: ProgressIndicator?
    let paging: PagePlan<P.Query, P.Response>

    private var name: String { provider.descriptor.displayName }

    func run(_ query: P.Query) async -> QueryOutcome<P.Response> {
        if options.offline { return answerFromStore(query, because: nil) }
        var pages: [P.Response] = []
        var warnings: [String] = []
        let count = max(1, paging.count(query))
        for page in 0..<count {
            do {
                let response = try await fetch(query, page: page, patient: page > 0)
                var pageWarnings: [String] = []
                let decoded: P.Response
                do {
                    decoded = try decode(response, for: query, warnings: &pageWarnings)
                } catch {
                    // The cache keeps any 200; one that cannot be read must not answer again.
                    forgetCachedAnswer(query, page: page)
                    throw error
                }
                warnings += pageWarnings
                pages.append(decoded)
                progress?.advance()
                if !paging.hasMore(decoded, page, query) { break }
            } catch let failure as FetchFailure {
                if pages.isEmpty {
                    return failure.isTransient ? answerFromStore(query, because: failure.error) : .failure(failure.error, warnings: warnings)
                }
                warnings.append("stopped after \(pages.count) of \(count) pages: \(failure.error.message)")
                break
            } catch {
                return .failure(ErrorMapping.cliError(error), warnings: warnings)
            }
        }
        // At least one page arrived: every failure before one returned above.
        let merged = paging.merge(pages)
        do {
            let now = time.now()
            try store.write { tx in
                try provider.persist(merged, for: query, in: PersistContext(tx, fetchedAt: now))
                try HostSchema.recordFetch(
                    provider: provider.descriptor.name, queryKey: provider.label(for: query), at: now, in: tx)
            }
        } catch {
            warnings.append("could not store the results: \(ErrorMapping.cliError(error).message)")
        }
        return .success(merged, warnings: warnings)
    }

    /// An error worth showing stored results for (network down, 5xx) or not (bad key).
    struct FetchFailure: Error {
        var error: CLIError
        var isTransient: Bool
    }

    private func fetch(_ query: P.Query, page: Int, patient: Bool) async throws -> HTTPResponse {
        let endpoint = provider.request(for: query, page: page)
        let request = HTTPRequest(baseURL: baseURL, path: endpoint.path, query: endpoint.query, credential: credential)
        // Later pages wait for the rate limit (NYT: 5 a minute) rather than give up.
        let allowance = options.timeout + (patient ? .seconds(65) : .zero)
        let deadline = time.now().addingTimeInterval(allowance.timeInterval)
        let context = RequestContext(
            provider: provider.descriptor.name, displayName: name, deadline: deadline,
            cacheMode: options.refresh ? .refresh : .normal)
        let response: HTTPResponse
        do {
            response = try await client.send(request, context: context)
        } catch let error as HTTPClientError {
            throw FetchFailure(error: ErrorMapping.cliError(error), isTransient: error.isTransient)
        }
        if response.isSuccess { return response }
        if let failure = provider.failure(status: response.status, body: response.body, for: query) {
            throw fetchFailure(failure)
        }
        let reading = StatusReading.failure(status: response.status, path: request.path, wording: wording)
        throw FetchFailure(error: reading.error, isTransient: reading.isTransient)
    }

    private var wording: FailureWording { FailureWording(descriptor: provider.descriptor, now: time.now()) }

    /// A provider's classification, worded by the host.
    private func fetchFailure(_ failure: ProviderFailure) -> FetchFailure {
        FetchFailure(
            error: wording.error(failure),
            isTransient: FailureWording.isTransient(failure))
    }

    private func forgetCachedAnswer(_ query: P.Query, page: Int) {
        let endpoint = provider.request(for: query, page: page)
        let request = HTTPRequest(baseURL: baseURL, path: endpoint.path, query: endpoint.query, credential: credential)
        try? StoreResponseCache(store: store, provider: provider.descriptor.name).remove(for: request.cacheKey)
    }

    private func decode(_ response: HTTPResponse, for query: P.Query, warnings: inout [String]) throws -> P.Response {
        do {
            return try provider.decode(response.body, for: query, warnings: &warnings)
        } catch let failure as ProviderFailure {
            // An error body sent with status 200 (OpenWeather does this): the provider read it.
            throw fetchFailure(failure)
        } catch let error as CLIError {
            // A provider file whose items path the answer lacks: the file's fault (exit 78), said by the provider.
            throw error
        } catch {
            let type = response.headers["Content-Type"].map { " (\($0))" } ?? ""
            let reason = (error as? DecodeFailure)?.reason ?? "not the expected JSON"
            throw CLIError("could not read the \(name) answer\(type): \(reason); nothing stored was changed", exitCode: .dataError)
        }
    }

    /// `--offline`, or the fallback after a transient failure.
    private func answerFromStore(_ query: P.Query, because failure: CLIError?) -> QueryOutcome<P.Response> {
        let stored: Stored<P.Response>?
        do {
            stored = try store.read { tx in try provider.load(query, from: tx) }
        } catch {
            return .failure(failure ?? ErrorMapping.cliError(error))
        }
        guard let stored else {
            if let failure {
                let code: ExitCode = failure.exitCode == .temporaryFailure ? .temporaryFailure : .unavailable
                return .failure(CLIError(failure.message + "; nothing stored for \(provider.label(for: query))", exitCode: code))
            }
            return .failure(CLIError(
                "nothing stored for \(provider.label(for: query)); run it once without --offline", exitCode: .unavailable))
        }
        let notice = StaleNotice.text(fetchedAt: stored.fetchedAt, now: time.now(), failure: failure?.message)
        return .success(stored.value, warnings: [notice])
    }
}
