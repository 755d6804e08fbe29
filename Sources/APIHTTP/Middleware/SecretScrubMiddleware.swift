#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import APIBasics

/// Takes the request's secrets out of the response a server sent, before any
/// other layer sees it: a server that echoes the key (in a header, a body, an
/// `ETag`) must not put it in the response cache, the provider's tables or the
/// output. Each secret becomes `***`.
///
/// It sits innermost, right above the transport, so the cache stores and every
/// layer above receives the scrubbed response.
public struct SecretScrubMiddleware: ClientMiddleware {
    public init() {}

    public func intercept(
        _ request: HTTPRequest,
        context: RequestContext,
        next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        let response = try await next(request, context)
        let secrets = request.secrets
        guard !secrets.isEmpty else { return response }
        return Self.scrub(response, secrets: secrets)
    }

    /// `response` with every occurrence of each secret (longest first) replaced by `***`.
    static func scrub(_ response: HTTPResponse, secrets: [String]) -> HTTPResponse {
        var scrubbed = response
        scrubbed.headers = HTTPHeaders(response.headers.map { (scrub($0.name, secrets), scrub($0.value, secrets)) })
        scrubbed.body = scrub(response.body, secrets)
        return scrubbed
    }

    static func scrub(_ text: String, _ secrets: [String]) -> String {
        secrets.reduce(text) { $0.replacingAll($1, with: "***") }
    }

    /// Searches the bytes in place: Foundation's `Data.range(of:)` copies the whole
    /// body into an `NSData` first, which for a 30 MB answer was a second 30 MB at
    /// the moment of peak memory. A body without the secret is returned as it came.
    static func scrub(_ body: Data, _ secrets: [String]) -> Data {
        var body = body
        let mask = Data("***".utf8)
        for secret in secrets where !secret.isEmpty {
            let needle = Array(secret.utf8)
            var start = 0
            while let found = firstOffset(of: needle, in: body, from: start) {
                let lower = body.startIndex + found
                body.replaceSubrange(lower..<(lower + needle.count), with: mask)
                start = found + mask.count
            }
        }
        return body
    }

    /// The offset from `body.startIndex` of the first `needle` at or after `start`.
    static func firstOffset(of needle: [UInt8], in body: Data, from start: Int) -> Int? {
        body.withUnsafeBytes { bytes -> Int? in
            guard let base = bytes.baseAddress, let first = needle.first, start + needle.count <= bytes.count else {
                return nil
            }
            var at = start
            while at + needle.count <= bytes.count {
                guard let found = memchr(base + at, Int32(first), bytes.count - at) else { return nil }
                let hit = base.distance(to: UnsafeRawPointer(found))
                guard hit + needle.count <= bytes.count else { return nil }
                if needle.indices.allSatisfy({ bytes[hit + $0] == needle[$0] }) { return hit }
                at = hit + 1
            }
            return nil
        }
    }
}
