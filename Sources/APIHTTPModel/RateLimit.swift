/// A provider's request allowance: `count` requests in any `window`.
public struct RateLimit: Sendable, Hashable, CustomStringConvertible {
    public var count: Int
    public var window: Duration

    public init(_ count: Int, per window: Duration) {
        self.count = count
        self.window = window
    }

    public static func perMinute(_ count: Int) -> RateLimit { RateLimit(count, per: .seconds(60)) }
    public static func perDay(_ count: Int) -> RateLimit { RateLimit(count, per: .seconds(86_400)) }
    /// At least `interval` between two requests (NYT asks for 12 s): one request in any
    /// window of that length, so the same ledger enforces it across processes.
    public static func spacing(_ interval: Duration) -> RateLimit { RateLimit(1, per: interval) }

    public var description: String {
        count == 1 ? "1 every \(window.components.seconds) s" : "\(count) per \(window.components.seconds) s"
    }
}
