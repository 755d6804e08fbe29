/// How long a run's requests take at least (when every page is needed) under the provider's declared limits,
/// so that a long paced run is announced before it starts rather than looking hung.
enum PacingEstimate {
    /// The shortest time in which `requests` requests fit the limits, starting with an
    /// empty ledger: for each limit of `count` per `window`, every `count` requests
    /// after the first batch wait one window.
    static func minimum(requests: Int, limits: [RateLimit]) -> Duration {
        guard requests > 1 else { return .zero }
        return limits.filter { $0.count > 0 && $0.window > .zero }
            .map { $0.window * ((requests - 1) / $0.count) }
            .max() ?? .zero
    }

    /// The line announcing it, when it is worth one: always when it is longer than
    /// `timeout` (so the wait is not taken for a hang), and on a terminal when it is
    /// a second or more.
    static func notice(
        requests: Int, descriptor: ProviderDescriptor, limits rateLimits: [RateLimit], timeout: Duration,
        onTerminal: Bool
    ) -> String? {
        let expected = minimum(requests: requests, limits: rateLimits)
        guard expected > timeout || (onTerminal && expected >= .seconds(1)) else { return nil }
        let limits = rateLimits.map(\.description).joined(separator: ", ")
        return "\(requests) requests to \(descriptor.displayName) may take \(HTTPClientError.seconds(expected)) or more "
            + "at its rate limits (\(limits))"
    }
}
