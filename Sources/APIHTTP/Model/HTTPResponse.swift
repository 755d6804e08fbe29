#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A complete response: status, headers and the whole (size-capped) body, or, when
/// ``bodyStreamed``, a body that went to the request's sink as it arrived.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data
    /// Where the body came from, for traces and for the stale notice.
    public var origin: Origin
    /// The body went to the request's ``RequestContext/largeBody`` sink as it arrived; `body` is empty.
    public var bodyStreamed = false
    /// How many body bytes went to the sink, when ``bodyStreamed``.
    public var streamedBytes = 0
    /// The URL that answered, after any redirects the transport followed; nil when no
    /// transport says (a cached answer, a stub). A document's relative URLs resolve
    /// against it: RFC 3986 §5.1.3, the base is the URI the representation was retrieved from.
    public var url: URL?

    /// The body's length, whole or streamed.
    public var bodyCount: Int { bodyStreamed ? streamedBytes : body.count }

    public enum Origin: Sendable, Hashable {
        /// Fetched now.
        case network
        /// Served from the response cache without a request; `storedAt` is when it was fetched.
        case cache(storedAt: Date)
        /// The server answered 304 and the cached body was reused.
        case revalidated(storedAt: Date)
    }

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(), origin: Origin = .network) {
        self.status = status
        self.headers = headers
        self.body = body
        self.origin = origin
    }

    public var isSuccess: Bool { (200..<300).contains(status) }
}
