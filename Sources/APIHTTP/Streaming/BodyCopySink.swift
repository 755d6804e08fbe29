#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// A ``ResponseBodySink`` in front of another that keeps a copy of the body for the
/// response cache, as long as it stays within `limit` bytes (the cache's largest
/// entry): a streamed body is cached exactly as a whole one would be, the scrubbed
/// body whole, and a larger one is used but not kept, with no copy held.
final class BodyCopySink: ResponseBodySink {
    private let inner: any ResponseBodySink
    private let limit: Int
    private let state = Mutex(Copy())

    struct Copy {
        var body = Data()
        var count = 0
        var overLimit = false
        /// Every byte arrived and the reader took them all.
        var complete = false
        var readerStopped = false
    }

    init(_ inner: any ResponseBodySink, limit: Int) {
        self.inner = inner
        self.limit = limit
    }

    /// What arrived: the body when it is whole and within the limit, and how long it was.
    var copy: (body: Data?, count: Int) {
        state.withLock { ($0.complete && !$0.overLimit ? $0.body : nil, $0.count) }
    }

    func begin(status: Int, headers: HTTPHeaders, resume: @escaping @Sendable () -> Void) -> Bool {
        guard inner.begin(status: status, headers: headers, resume: resume) else { return false }
        // Room for the whole body at once when its length is known: grown chunk by chunk, the
        // copy was moved whole at each doubling, much of the transfer thread's work.
        // A body said to be past the limit is not copied at all: its copy grew to the limit
        // before it was dropped, the largest block of a large answer.
        let expected = headers["Content-Length"].flatMap { Int($0) }
        state.withLock {
            $0 = Copy()
            if let expected, expected > limit {
                $0.overLimit = true
            } else if let expected, expected > 0 {
                $0.body.reserveCapacity(expected)
            }
        }
        return true
    }

    var hasRoom: Bool { inner.hasRoom }

    /// The bytes of the copy held now (tests).
    var held: Int { state.withLock { $0.body.count } }

    func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let limit = self.limit
        state.withLock { copy in
            copy.count += bytes.count
            if copy.overLimit { return }
            if copy.count > limit {
                copy.overLimit = true
                copy.body = Data()
            } else {
                copy.body.append(contentsOf: bytes)
            }
        }
        let accepted = inner.receive(bytes)
        if !accepted { state.withLock { $0.readerStopped = true } }
        return accepted
    }

    func end(_ failure: HTTPClientError?) {
        state.withLock { $0.complete = failure == nil && !$0.readerStopped }
        inner.end(failure)
    }
}
