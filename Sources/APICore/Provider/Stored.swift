#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A response read back from the store, with when it was fetched.
public struct Stored<Value: Sendable>: Sendable {
    public var value: Value
    public var fetchedAt: Date

    public init(_ value: Value, fetchedAt: Date) {
        self.value = value
        self.fetchedAt = fetchedAt
    }
}
