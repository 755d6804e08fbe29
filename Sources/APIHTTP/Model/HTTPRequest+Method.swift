#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the method and body of a request allow: caching, retrying, redirecting.
///
/// A read (GET, HEAD, or a POST declared a search) is cached, keyed by its body as well,
/// and retried like a GET. A write is never cached; it is retried only when its method
/// is idempotent (PUT, DELETE) and the failure came before the request was sent
/// (``HTTPClientError/failedBeforeSending``), so a write the server may have acted on
/// is never sent twice.
extension HTTPRequest {
    /// GET and HEAD only read; every other method is a write unless declared otherwise.
    public static func isReadMethod(_ method: String) -> Bool {
        ["GET", "HEAD"].contains(method.uppercased())
    }

    /// A write whose repetition leaves the server as one sending would (RFC 9110 §9.2.2).
    public var isIdempotentWrite: Bool {
        !isRead && ["PUT", "DELETE"].contains(method.uppercased())
    }

    /// What the transport sends as the body: the body, or an empty one for a POST, PUT
    /// or PATCH without one, so that the server reads `Content-Length: 0` rather than waits.
    public var sentBody: Data? {
        if let body { return body }
        return ["POST", "PUT", "PATCH"].contains(method.uppercased()) ? Data() : nil
    }

    /// Only a GET or HEAD without a body follows a redirect.
    public var followsRedirects: Bool {
        HTTPRequest.isReadMethod(method) && body == nil
    }

    /// The part of ``cacheKey`` that tells bodies apart: empty without one, else the body's
    /// length and FNV-1a hash (the body itself is not kept, since it may carry a name or a secret).
    var bodyKeySuffix: String {
        guard let body else { return "" }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return " body:\(body.count):" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
