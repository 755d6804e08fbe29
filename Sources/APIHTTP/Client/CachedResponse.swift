#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A response as the cache keeps it, with what revalidation needs.
public struct CachedResponse: Sendable, Hashable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    public var storedAt: Date
    /// After this the entry must be revalidated (or refetched) before use.
    public var freshUntil: Date
    public var etag: String?
    public var lastModified: String?

    public init(
        status: Int, headers: [String: String], body: Data, storedAt: Date, freshUntil: Date,
        etag: String? = nil, lastModified: String? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.storedAt = storedAt
        self.freshUntil = freshUntil
        self.etag = etag
        self.lastModified = lastModified
    }
}
