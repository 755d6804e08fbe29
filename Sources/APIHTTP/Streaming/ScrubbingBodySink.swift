import Synchronization

/// A ``ResponseBodySink`` in front of another that takes the request's secrets out of
/// the body on the way (``StreamingScrubber``), so the sink behind it, like every layer
/// above ``SecretScrubMiddleware``, never sees a key.
final class ScrubbingBodySink: ResponseBodySink {
    private let inner: any ResponseBodySink
    private let scrubber: SecretScrubber
    /// Made afresh at each begin (a retry starts the body again).
    private let state: Mutex<StreamingScrubber?> = Mutex(nil)

    init(_ inner: any ResponseBodySink, scrubber: SecretScrubber) {
        self.inner = inner
        self.scrubber = scrubber
    }

    func begin(status: Int, headers: HTTPHeaders, resume: @escaping @Sendable () -> Void) -> Bool {
        guard inner.begin(status: status, headers: headers, resume: resume) else { return false }
        let fresh = StreamingScrubber(scrubber)
        state.withLock { $0 = fresh }
        return true
    }

    var hasRoom: Bool { inner.hasRoom }

    func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        pass(bytes, final: false)
    }

    func end(_ failure: HTTPClientError?) {
        // A body that broke off is not passed on to its end: the reader is told it failed.
        if failure == nil { _ = pass(UnsafeRawBufferPointer(start: nil, count: 0), final: true) }
        state.withLock { $0 = nil }
        inner.end(failure)
    }

    private func pass(_ bytes: UnsafeRawBufferPointer, final: Bool) -> Bool {
        let inner = self.inner
        return state.withLock { scrubber -> Bool in
            guard scrubber != nil else { return false }
            var accepted = true
            scrubber!.feed(bytes, final: final) { piece in
                if accepted { accepted = inner.receive(piece) }
            }
            return accepted
        }
    }
}
