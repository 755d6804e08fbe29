#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The clock and the sleep, injected so that tests never wait for real time.
public struct TimeSource: Sendable {
    public var now: @Sendable () -> Date
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The wall clock and `Task.sleep`.
    public static let system = TimeSource(now: { Date() }, sleep: { try await Task.sleep(for: $0) })
}
