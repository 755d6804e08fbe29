import APIBasics

/// Where a successful answer's body goes once it proves too large to hold: a body of up to
/// ``threshold`` bytes comes back whole, exactly as without a route, and nothing of the
/// route's is made; past it, the transport asks for the ``sink`` (made then, once) and hands
/// it the bytes held so far, then the rest as they arrive.
///
/// Why the transport decides: only the bytes tell whether a body is large (a compressed
/// body announces no length that counts), and the transport sees them first. Deciding there
/// keeps a small body on the one path every body takes: read whole, scrubbed whole, cached
/// whole, decoded whole, with no sink, thread or queue made for it.
///
/// Middleware that must see a streamed body wraps the sink on the way down (``wrapped(_:)``):
/// the wrapper is made with the sink, only when a body needs it. A retried body asks for
/// the sink again and gets the same one, which it begins afresh.
public struct LargeBodyRoute: Sendable {
    /// Bodies up to this many bytes come back whole.
    public let threshold: Int
    private let made: MadeOnDemand<any ResponseBodySink>

    /// `sink` is called at most once, by the first body past `threshold`.
    public init(threshold: Int, sink: @escaping @Sendable () -> any ResponseBodySink) {
        self.threshold = max(0, threshold)
        made = MadeOnDemand(sink)
    }

    /// The sink, made now if no body needed it before.
    public var sink: any ResponseBodySink { made.value }

    /// The sink if a body passed the threshold; nil while none did.
    public var madeSink: (any ResponseBodySink)? { made.ifMade }

    /// The same route with its sink behind `wrap`, which is called when the sink is made.
    public func wrapped(_ wrap: @escaping @Sendable (any ResponseBodySink) -> any ResponseBodySink) -> LargeBodyRoute {
        let inner = self
        return LargeBodyRoute(threshold: threshold) { wrap(inner.sink) }
    }
}
