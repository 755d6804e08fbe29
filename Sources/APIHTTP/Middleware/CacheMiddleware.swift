#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Answers reads (GETs, and POSTs declared searches) from the response cache, and keeps it filled.
///
/// Entries are keyed by `request.cacheKey`, which leaves the credential out, so
/// the cache never holds a key and survives a key change. Per `context.cacheMode`:
/// - `.normal`: a fresh entry answers without any request (no rate-limit slot
///   either, since this runs outside the limiter). A stale entry with an `ETag`
///   or `Last-Modified` is revalidated; a 304 refreshes it and its body is used.
/// - `.refresh`: the server is always asked; the answer is still stored.
/// - `.offline`: any entry answers, however old; without one, ``HTTPClientError/offline(url:)``.
///
/// Only 200 responses are stored, and not when the server says `no-store`, nor
/// bodies over `maxEntryBytes`: a real API page is tens of KB, and writing a large
/// body into the store costs time and peak memory in proportion (SQLite copies a
/// bound blob and builds the row in memory) for an answer the provider's own
/// tables already keep.
/// Freshness is the server's `max-age` when it sent one, else the provider's TTL.
/// A failing cache store never fails a request: the network answer still counts.
/// A body that streams to the request's ``ResponseBodySink`` (``LargeBodyRoute``) is cached
/// the same way, from a copy kept on its way (``BodyCopySink``) while it is within `maxEntryBytes`.
public struct CacheMiddleware: ClientMiddleware {
    public var ttl: Duration
    public var storage: any ResponseCacheStorage
    public var time: TimeSource
    /// Told `cache hit`, `cache miss`, `cache revalidated` … with the redacted URL.
    public var trace: (@Sendable (String) -> Void)?
    /// The largest body stored; larger answers are used but not kept.
    public var maxEntryBytes: Int
    public static let defaultMaxEntryBytes = 4 << 20

    public init(
        ttl: Duration, storage: any ResponseCacheStorage, time: TimeSource = .system,
        trace: (@Sendable (String) -> Void)? = nil, maxEntryBytes: Int = CacheMiddleware.defaultMaxEntryBytes
    ) {
        self.maxEntryBytes = maxEntryBytes
        self.ttl = ttl
        self.storage = storage
        self.time = time
        self.trace = trace
    }

    public func intercept(
        _ request: HTTPRequest,
        context: RequestContext,
        next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        // Reads only: a GET, or a POST declared a search (its body is part of the key). A write never.
        guard request.isRead, request.method.uppercased() != "HEAD" else { return try await next(request, context) }
        let key = request.cacheKey
        let url = request.redactedURL

        switch context.cacheMode {
        case .offline:
            guard let entry = lookup(key), entry.status == 200 else {
                trace?("cache miss (offline) \(url)")
                throw HTTPClientError.offline(url: url)
            }
            trace?("cache hit (offline) \(url)")
            return Self.response(from: entry, origin: .cache(storedAt: entry.storedAt))

        case .refresh:
            trace?("cache bypassed (refresh) \(url)")
            let (response, copy) = try await sendKeepingCopy(request, context: context, next: next)
            save(response, copy: copy, key: key, ttl: context.cacheTTL ?? ttl)
            return response

        case .normal:
            let entry = lookup(key).flatMap { $0.status == 200 ? $0 : nil }
            if let entry, time.now() < entry.freshUntil {
                trace?("cache hit \(url)")
                return Self.response(from: entry, origin: .cache(storedAt: entry.storedAt))
            }
            var outgoing = request
            if let entry {
                if let etag = entry.etag { outgoing.headers["If-None-Match"] = etag }
                if let lastModified = entry.lastModified { outgoing.headers["If-Modified-Since"] = lastModified }
            }
            let (response, copy) = try await sendKeepingCopy(outgoing, context: context, next: next)
            if response.status == 304, let entry {
                let refreshed = refresh(entry, with: response, key: key, ttl: context.cacheTTL ?? ttl)
                trace?("cache revalidated \(url)")
                return Self.response(from: refreshed, origin: .revalidated(storedAt: refreshed.storedAt))
            }
            trace?(entry == nil ? "cache miss \(url)" : "cache stale \(url)")
            save(response, copy: copy, key: key, ttl: context.cacheTTL ?? ttl)
            return response
        }
    }

    /// Sends `request` down; a body that streams to the context's sink is copied on the
    /// way (``BodyCopySink``), so that it can be cached like a whole one.
    private func sendKeepingCopy(
        _ request: HTTPRequest, context: RequestContext,
        next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
    ) async throws -> (HTTPResponse, BodyCopySink?) {
        guard let route = context.largeBody else { return (try await next(request, context), nil) }
        let limit = maxEntryBytes
        let copying = route.wrapped { BodyCopySink($0, limit: limit) }
        var context = context
        context.largeBody = copying
        let response = try await next(request, context)
        // Made only when the body passed the route's threshold; a smaller one came back whole.
        return (response, copying.madeSink as? BodyCopySink)
    }

    private func lookup(_ key: String) -> CachedResponse? {
        do {
            return try storage.cachedResponse(for: key)
        } catch {
            trace?("cache unreadable: \(error)")
            return nil
        }
    }

    private func save(_ response: HTTPResponse, copy: BodyCopySink?, key: String, ttl: Duration) {
        guard response.status == 200 else { return }
        let control = CacheControl(response.headers["Cache-Control"])
        guard !control.noStore else { return }
        guard response.bodyCount <= maxEntryBytes else {
            trace?("cache not written: body of \(response.bodyCount) B is over \(maxEntryBytes) B")
            return
        }
        var body = response.body
        if response.bodyStreamed {
            // Only a body that arrived whole, and that its reader took whole, is kept.
            guard let kept = copy?.copy.body else { return }
            body = kept
        }
        let now = time.now()
        let entry = CachedResponse(
            status: response.status,
            // A field sent twice (two `Link` fields) is kept as one, its values joined as RFC 9110 §5.3 allows.
            headers: Dictionary(response.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { "\($0), \($1)" }),
            body: body,
            storedAt: now,
            freshUntil: now.addingTimeInterval(control.freshness(default: ttl).timeInterval),
            etag: response.headers["ETag"],
            lastModified: response.headers["Last-Modified"]
        )
        write(entry, key: key)
    }

    /// A 304 confirms the body: the entry counts as fetched now, with the
    /// validators and freshness the 304 carries, if any.
    private func refresh(
        _ entry: CachedResponse, with response: HTTPResponse, key: String, ttl: Duration
    ) -> CachedResponse {
        var refreshed = entry
        let now = time.now()
        let control = CacheControl(response.headers["Cache-Control"] ?? entry.headers.first {
            $0.key.lowercased() == "cache-control"
        }?.value)
        refreshed.storedAt = now
        refreshed.freshUntil = now.addingTimeInterval(control.freshness(default: ttl).timeInterval)
        refreshed.etag = response.headers["ETag"] ?? entry.etag
        refreshed.lastModified = response.headers["Last-Modified"] ?? entry.lastModified
        if !control.noStore { write(refreshed, key: key) }
        return refreshed
    }

    private func write(_ entry: CachedResponse, key: String) {
        do {
            try storage.store(entry, for: key)
        } catch {
            trace?("cache not written: \(error)")
        }
    }

    static func response(from entry: CachedResponse, origin: HTTPResponse.Origin) -> HTTPResponse {
        let headers = HTTPHeaders(entry.headers.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { ($0.key, $0.value) })
        return HTTPResponse(status: entry.status, headers: headers, body: entry.body, origin: origin)
    }
}
