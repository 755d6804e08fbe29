/// Takes a successful answer's body while it arrives, instead of the whole body at the end.
///
/// A caller that can read a body as it comes (NYT's 30 MiB of docs, stored a batch at
/// a time) puts a ``LargeBodyRoute`` in ``RequestContext/largeBody``. The transport
/// holds a 2xx body from the network as any other until it passes the route's threshold,
/// and only then makes the sink and offers it the body: when
/// ``begin(status:headers:resume:)`` accepts, the bytes held so far go to ``receive(_:)``
/// at once and the rest in order as they arrive, and the response that comes back up the
/// chain has ``HTTPResponse/bodyStreamed`` set and an empty body. Middleware that must see
/// the body wrap the sink on the way down (the secret scrubber, so that no key reaches the
/// sink; the cache, which keeps its own copy of bodies small enough to store). Bodies within
/// the threshold, answers the cache gives, error statuses, redirects and transports that
/// cannot stream keep the whole-body path, so a sink may never be made, and one that was
/// (by an attempt that broke off) must cope with a retry that comes back whole.
///
/// Every call comes from the transport's thread, never two at once for one sink.
/// After a failed attempt a retry may ``begin(status:headers:resume:)`` again: each
/// begin starts the body afresh.
public protocol ResponseBodySink: AnyObject, Sendable {
    /// The status (2xx) and headers are in: whether to take the body as it arrives.
    /// `resume` is to be called, from any thread, when the sink has room again after
    /// ``hasRoom`` said false.
    func begin(status: Int, headers: HTTPHeaders, resume: @escaping @Sendable () -> Void) -> Bool

    /// Whether the sink takes more bytes now; when false the transport pauses the
    /// transfer (holding the bytes, reading no more) until `resume` is called.
    var hasRoom: Bool { get }

    /// The next bytes of the body, decoded (no `Content-Encoding` left). False: the
    /// reader failed and wants no more; the transfer stops, and the response still
    /// comes back as streamed, the reader's own error being the answer.
    func receive(_ bytes: UnsafeRawBufferPointer) -> Bool

    /// The body ended: nil when every byte arrived, else why not. Called once per begin
    /// that accepted, before the response (or the error) goes up the chain.
    func end(_ failure: HTTPClientError?)
}
