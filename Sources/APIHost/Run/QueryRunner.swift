#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    /// What the provider does beyond the four steps, read once for the run: its lookup,
    /// labels, reading of failures, what of an answer ages.
    let capabilities: Capabilities<P>
    /// How a page past ``StreamedPage/keptWhole`` is stored as it is read; nil: every page
    /// is decoded whole, then stored.
    var batching: BatchPlan<P.Query, P.Response>? = nil
    /// `--verbose`: told when the write transaction that stores an answer has begun
    /// (holding the write lock) and when it committed, so a trace, and the kill
    /// test, can tell a run stopped inside its write from one stopped before it.
    var trace: (@Sendable (String) -> Void)? = nil
    /// Where a fresh answer of one streamed page is printed as soon as it is decoded
    /// (``EarlyOutput``), made only if a page streams; the command offers one only when
    /// that prints what it would.
    var early: MadeOnDemand<EarlyOutput<P.Response>>? = nil
    /// Sent with every request of the run: the values of the provider's header options
    /// (an identification such as `User-Agent`), never a key.
    var headers = HTTPHeaders()

    var name: String { provider.descriptor.displayName }

    /// The lookup a query may need first (weather: a place name to coordinates); nil: none.
    var lookups: Lookup<P.Query>? { capabilities.lookup }

    /// How messages and the fetch log name `query`.
    func label(for query: P.Query) -> String { capabilities.label(for: query) }

    func run(_ query: P.Query) async -> QueryOutcome<P.Response> {
        if let storeOnly = capabilities.storeOnly, storeOnly.answers(query) { return answerFromStoreAlone(query, storeOnly) }
        if options.offline { return answerFromStore(storedResolution(of: query) ?? query, because: nil) }
        switch await resolve(query) {
        case let .ready(resolved, warnings): return await fetch(resolved, warnings: warnings)
        case let .finished(outcome): return outcome
        }
    }

    /// Fetches, decodes and stores a query that needs no (more) lookup.
    ///
    /// Which path a page takes is decided by its body, in the transport (``LargeBodyRoute``):
    /// one within ``StreamedPage/keptWhole`` bytes (every real search page) comes back whole
    /// and is decoded whole, and the answer is stored at the end in one write transaction,
    /// items and answer together; one past it (an NYT Archive month) is stored as it
    /// arrives, in a transaction of its own (``StreamedPage``), and the answer follows in
    /// ``finishBatches(_:whole:for:batches:warnings:)``.
    private func fetch(_ query: P.Query, warnings lookupWarnings: [String]) async -> QueryOutcome<P.Response> {
        var pages: [P.Response] = []
        // The pages that came whole, to be stored at the end (the streamed ones are stored already).
        var wholePages: [P.Response] = []
        var warnings = lookupWarnings
        var origins = CachedOrigins()
        var stoppedStoring = false
        let count = max(1, paging.count(query))
        // Pages stored as they streamed: they hold item keys, not items.
        var batches = BatchedPages(plan: store.isReadOnly ? nil : batching)
        var endpoint = provider.request(for: query, page: 0)
        var fetched: [Endpoint] = []
        // Whether the page about to be fetched was asked by number (``Paging/repeats``).
        var byNumber = false
        pageLoop: for page in 0..<count {
            fetched.append(endpoint)
            do {
                // Printed early only when this page is the whole answer and nothing was to be said before it.
                let printing = count == 1 && warnings.isEmpty ? early : nil
                let (response, streamed) = try await send(endpoint, page: page, of: query, batches: batches, early: printing)
                var pageWarnings: [String] = []
                let decoded: P.Response
                do {
                    if let streamed {
                        decoded = try streamedResult(streamed, response: response, of: query, into: &batches, warnings: &pageWarnings)
                    } else {
                        decoded = try decode(response, for: query, storedPages: batches.storedPages, warnings: &pageWarnings)
                        wholePages.append(decoded)
                    }
                } catch {
                    // The cache keeps any 200; one that cannot be read must not answer again.
                    forgetCachedAnswer(endpoint)
                    throw error
                }
                warnings += pageWarnings
                // A page the API answered as the one before (counted from another number) ends paging, unkept.
                if byNumber, let previous = pages.last, paging.repeats?(decoded, previous, query) == true {
                    if streamed == nil { wholePages.removeLast() }
                    warnings.append("stopped after \(pages.count) of \(count) pages: " + Self.repeatedPage(page))
                    break
                }
                pages.append(decoded)
                origins.add(response.origin)
                progress?.advance()
                if !paging.hasMore(decoded, page, query) || page + 1 == count { break }
                switch nextPage(after: decoded, headers: response.headers, of: endpoint, page: page, query: query, fetched: fetched) {
                case let .fetch(next, numbered):
                    endpoint = next
                    byNumber = numbered
                case let .stop(warning):
                    if let warning { warnings.append("stopped after \(pages.count) of \(count) pages: \(warning)") }
                    break pageLoop
                }
            } catch let shown as ShownNotStored {
                return QueryOutcome(response: nil, error: nil, warnings: warnings + [shown.warning], unstored: true)
            } catch let failure as StoppedStoring {
                warnings.append(failure.warning)
                stoppedStoring = true
                break
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
        if batches.storedPages > 0 {
            let whole = wholePages.isEmpty ? nil : paging.merge(wholePages)
            var outcome = finishBatches(merged, whole: whole, for: query, batches: batches, warnings: warnings)
            outcome.unstored = outcome.unstored || stoppedStoring
            return outcome
        }
        let label = self.label(for: query)
        let logKey = fetchLogKey(query)
        // A cache hit whose answer is already the stored one writes nothing: no lock, no WAL frame, no fsync.
        if isStored(logKey, since: origins.newestCachedAt) { return .success(merged, warnings: warnings) }
        // A read-only store was announced once by the command; the answer is still shown.
        guard !store.isReadOnly else { return .success(merged, warnings: warnings, unstored: true) }
        do {
            let now = time.now()
            try store.write { tx in
                trace?("store: write began for \(label)")
                try provider.persist(merged, for: query, in: PersistContext(tx, fetchedAt: now))
                try HostSchema.recordFetch(
                    provider: provider.descriptor.name, queryKey: logKey, at: now, in: tx)
            }
            trace?("store: committed \(label)")
        } catch {
            warnings.append("could not store the results: \(storeFailureReason(error))")
            return .success(merged, warnings: warnings, unstored: true)
        }
        return .success(merged, warnings: warnings)
    }

    /// An error worth showing stored results for (network down, 5xx) or not (bad key).
    struct FetchFailure: Error {
        var error: CLIError
        var isTransient: Bool
    }

    /// Sends one request through the shared client; `failure` reads an unsuccessful answer the provider's way.
    /// `route`: where a 2xx body past its threshold goes as it arrives, when the transport can stream it.
    func send(
        _ endpoint: Endpoint, patient: Bool, route: LargeBodyRoute? = nil,
        failure: @escaping @Sendable (Int, Data) -> ProviderFailure?
    ) async throws -> HTTPResponse {
        let request = HTTPRequest(endpoint: endpoint, baseURL: baseURL, headers: headers, credential: credential)
        // Later pages wait for the rate limit (NYT: 5 a minute) rather than give up.
        let allowance = options.timeout + (patient ? .seconds(65) : .zero)
        let deadline = time.now().addingTimeInterval(allowance.timeInterval)
        // An answer the provider reads as one that waiting cannot change (a blocked
        // account) is returned at once, not retried.
        let context = RequestContext(
            provider: provider.descriptor.name, displayName: name, deadline: deadline,
            cacheMode: options.refresh ? .refresh : .normal, cacheTTL: endpoint.cacheTTL, largeBody: route,
            isFinalAnswer: { response in
                !response.isSuccess && failure(response.status, response.body).map { !$0.mayPassByWaiting } == true
            })
        let response: HTTPResponse
        do {
            response = try await client.send(request, context: context)
        } catch let error as HTTPClientError {
            throw FetchFailure(error: ErrorMapping.cliError(error), isTransient: error.isTransient)
        }
        if response.isSuccess { return response }
        // A 429 or 503 that says how long to wait: the message says it too.
        let now = time.now()
        let retryAt = RetryAfter.delay(response.headers["Retry-After"], now: now).map { now.addingTimeInterval($0.timeInterval) }
        if let failure = failure(response.status, response.body) {
            throw fetchFailure(failure.waiting(until: retryAt))
        }
        let reading = StatusReading.failure(status: response.status, path: request.path, wording: wording, retryAt: retryAt)
        throw FetchFailure(error: reading.error, isTransient: reading.isTransient)
    }

    var wording: FailureWording { FailureWording(descriptor: provider.descriptor, now: time.now()) }

    /// A provider's classification, worded by the host.
    func fetchFailure(_ failure: ProviderFailure) -> FetchFailure {
        FetchFailure(
            error: wording.error(failure),
            isTransient: FailureWording.isTransient(failure))
    }

    func forgetCachedAnswer(_ endpoint: Endpoint) {
        let request = HTTPRequest(endpoint: endpoint, baseURL: baseURL, credential: credential)
        try? StoreResponseCache(store: store, provider: provider.descriptor.name).remove(for: request.cacheKey)
    }

    /// `storedPages`: pages of this answer that streamed and were stored before this one.
    func decode(_ response: HTTPResponse, for query: P.Query, storedPages: Int = 0, warnings: inout [String]) throws -> P.Response {
        try reading(response, storedPages: storedPages) { try provider.decode(response.body, for: query, warnings: &warnings) }
    }

    /// A store error as one line, naming the store.
    func storeFailureReason(_ error: any Error) -> String {
        (error as? StoreError).map { StoreFailure.cliError($0, path: store.path).message }
            ?? ErrorMapping.cliError(error).message
    }

    /// Runs a provider's reading of `response`: its failure classification worded by the host, anything else a decode error.
    /// `storedPages`: pages of this answer already stored in batches, whose items stay
    /// (rows any answer may share); then it is the search's stored answer that did not change.
    func reading<T>(_ response: HTTPResponse, storedPages: Int = 0, _ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch ProviderFailure.misdescribed(let message) {
            // The provider's own description is wrong (a provider file's items path): no page can
            // be read, so the run fails whole, naming what to fix (exit 78).
            throw FailureWording.misdescribed(message)
        } catch let failure as ProviderFailure {
            // An error body sent with status 200 (OpenWeather does this): the provider read it.
            throw fetchFailure(failure)
        } catch let error as StoreError {
            // Storing while reading (``BatchStoring``): the store's fault, not the answer's.
            throw error
        } catch {
            let type = response.headers["Content-Type"].map { " (\($0))" } ?? ""
            let reason = (error as? DecodeFailure)?.reason ?? "not the expected JSON"
            let unchanged = storedPages == 0
                ? "nothing stored was changed"
                : "the stored answer to this search was not changed (the items of the "
                    + (storedPages == 1 ? "page" : "\(storedPages) pages") + " before it were kept)"
            throw CLIError(
                "could not read the \(name) answer\(type): \(reason); it was not cached, and \(unchanged)",
                exitCode: .dataError)
        }
    }

    /// `--offline`, or the fallback after a transient failure.
    func answerFromStore(_ query: P.Query, because failure: CLIError?) -> QueryOutcome<P.Response> {
        let stored: Stored<P.Response>?
        let asOf = failure == nil ? options.asOf : nil
        do {
            if let asOf {
                guard let load = capabilities.asOf else {
                    return .failure(CLIError("\(provider.descriptor.name) keeps no versions, so --as-of has nothing to read", exitCode: .usage))
                }
                stored = try store.read { tx in try load(query, asOf, tx) }
            } else {
                stored = try store.read { tx in try provider.load(query, from: tx) }
            }
        } catch {
            return .failure(failure ?? ErrorMapping.cliError(error))
        }
        guard let stored else {
            if let failure {
                let code: ExitCode = failure.exitCode == .temporaryFailure ? .temporaryFailure : .unavailable
                return .failure(CLIError(failure.message + "; nothing stored for \(label(for: query))", exitCode: code))
            }
            if let asOf {
                return .failure(CLIError(
                    "nothing stored for \(label(for: query)) as of \(Timestamp.format(asOf))", exitCode: .unavailable))
            }
            return .failure(CLIError(
                "nothing stored for \(label(for: query)); run it once without --offline", exitCode: .unavailable))
        }
        // As of a time, what had passed by then ages; the notice says how old the answer was then.
        let now = asOf ?? time.now()
        // Answers that age lose what lies before the host's clock (``Aging/dropping``).
        let current = capabilities.aging?.dropping(now, stored.value) ?? (response: stored.value, dropped: 0)
        let leftOut = capabilities.aging.flatMap { Self.agedNotice(dropped: current.dropped, itemName: $0.itemName) }
        // After a failure, an empty answer made up from the store (no stored article
        // matches) does not stand in: the failure is the answer. Offline, it is shown.
        if let failure, stored.matchedNothing {
            let code: ExitCode = failure.exitCode == .temporaryFailure ? .temporaryFailure : .unavailable
            return .failure(CLIError(
                failure.message + "; nothing stored to show for \(label(for: query))", exitCode: code))
        }
        let notice = StaleNotice.text(fetchedAt: stored.fetchedAt, now: now, failure: failure?.message, leftOut: leftOut)
        return .success(current.response, warnings: [notice])
    }

    /// A query the store alone answers (``StoreOnly``), as of `--as-of` or now: no request, no notice of age.
    func answerFromStoreAlone(_ query: P.Query, _ storeOnly: StoreOnly<P.Query, P.Response>) -> QueryOutcome<P.Response> {
        let now = options.asOf ?? time.now()
        do {
            guard let answer = try store.read({ tx in try storeOnly.read(query, now, tx) }) else {
                return .failure(CLIError(storeOnly.nothing(query), exitCode: .unavailable))
            }
            return .success(answer)
        } catch {
            return .failure(ErrorMapping.cliError(error))
        }
    }

    /// `3 steps already past left out`, or nil when none was.
    static func agedNotice(dropped: Int, itemName: (one: String, many: String)) -> String? {
        guard dropped > 0 else { return nil }
        return "\(dropped) \(dropped == 1 ? itemName.one : itemName.many) already past left out"
    }
}
