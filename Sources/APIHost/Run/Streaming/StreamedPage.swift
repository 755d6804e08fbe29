import APICore
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// One page's body taken as it arrives (a ``ResponseBodySink``), for a provider that
/// reads while the bytes come (``PageStreaming``).
///
/// Made only for a body past ``keptWhole`` bytes (``LargeBodyRoute``): every real search
/// page is smaller, comes back whole and is stored whole, and makes none of this. From its
/// begin, a thread of its own opens the page's write transaction and stores the items that
/// another thread decodes from the bytes the transport held and then each chunk as it comes
/// (``StreamedPagePipeline``), and commits when the body is complete; the transport pauses
/// while ``ChunkQueue/capacity`` chunks wait, so memory stays bounded whatever the body's
/// length. A body that breaks off, or a reader that throws, rolls that transaction back:
/// nothing stored is lost.
final class StreamedPage<Response: Sendable>: ResponseBodySink {
    /// Opens the transaction and reads the chunks into it (on the page's thread).
    typealias Consume = @Sendable (ChunkQueue) -> Result<(Response, [String]), any Error>

    enum Outcome {
        /// The page is stored; what `persistBody` returns, and its warnings.
        case stored(Response, [String])
        case failed(any Error)
    }

    /// The most body held whole: past it, a page streams.
    static var keptWhole: Int { 1 << 20 }

    private let consume: Consume
    private let state = Mutex(State())
    /// Signalled when the page's thread is done.
    private let done = DispatchSemaphore(value: 0)

    private struct State {
        var queue: ChunkQueue?
        var result: Result<(Response, [String]), any Error>?
        var threads = 0
        /// Threads whose end has been waited for.
        var joined = 0
    }

    init(consume: @escaping Consume) {
        self.consume = consume
    }

    func begin(status: Int, headers: HTTPHeaders, resume: @escaping @Sendable () -> Void) -> Bool {
        // A retry starts the body afresh; the thread of a failed attempt has been told so.
        let queue = state.withLock { state -> ChunkQueue in
            let queue = ChunkQueue(resume: resume, attempt: state.threads + 1)
            state.queue = queue
            state.result = nil
            state.threads += 1
            return queue
        }
        start(queue)
        return true
    }

    var hasRoom: Bool { state.withLock { $0.queue }?.hasRoom ?? true }

    func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        state.withLock { $0.queue }?.put(bytes) ?? false
    }

    func end(_ failure: HTTPClientError?) {
        state.withLock { $0.queue }?.close(failure)
    }

    /// What became of the page, once the exchange is over (or failed): waits for its
    /// threads to end first, so that a failed attempt's transaction has rolled back.
    /// Nil when no body began.
    func outcome() async -> Outcome? {
        await settle()
        guard let result = state.withLock({ $0.result }) else { return nil }
        switch result {
        case let .success((page, warnings)): return .stored(page, warnings)
        case let .failure(error): return .failed(error)
        }
    }

    private func start(_ queue: ChunkQueue) {
        let consume = self.consume
        let started = DetachedThread.start { [self] in
            let result = consume(queue)
            if case .failure = result { queue.fail() }
            state.withLock { state in
                if state.queue === queue { state.result = result }
            }
            done.signal()
        }
        if !started {
            queue.fail()
            state.withLock { $0.result = .failure(StoreError.misuse(reason: "no thread to store the answer")) }
            done.signal()
        }
    }

    /// Waits, off the cooperative pool, for every thread started so far to end (so that a
    /// failed attempt's transaction has rolled back before the run reads the store).
    func settle() async {
        let count = state.withLock { state -> Int in
            defer { state.joined = state.threads }
            return state.threads - state.joined
        }
        guard count > 0 else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = self.done
            DetachedThread.start {
                for _ in 0..<count { done.wait() }
                continuation.resume()
            }
        }
    }
}

/// The chunks between the transport's thread and the thread that stores them: at most
/// ``capacity`` wait; past that the transport is paused until the reader takes half.
final class ChunkQueue: Sendable {
    /// 32 chunks of at most 16 KiB (libcurl's largest write), 512 KiB of body.
    ///
    /// Each pause and resume wakes the transport's thread through libcurl's wake-up socket,
    /// and each wake-up costs both cores a context switch: with 8 chunks a large answer
    /// paused hundreds of times. 32 wait four times as long between them, a little less
    /// wall time on both large answers for a little more at the peak, and 64 measured no
    /// better (docs/design/0038-large-answer-end-to-end.md).
    static let capacity = 32

    /// Which streamed attempt of the page this body is: 1, or more after the transport
    /// retried a body that broke off (what the attempts before did with their items, such
    /// as printing them early, must not be done twice).
    let attempt: Int

    private let available = DispatchSemaphore(value: 0)
    private let state: Mutex<State>

    private struct State {
        var chunks: [Data] = []
        var ended = false
        var failure: HTTPClientError?
        /// The reader stopped: nothing more is taken.
        var failed = false
        var resume: @Sendable () -> Void
        var transportWaits = false
    }

    init(resume: @escaping @Sendable () -> Void, attempt: Int = 1) {
        state = Mutex(State(resume: resume))
        self.attempt = attempt
    }

    var hasRoom: Bool {
        state.withLock { state in
            let room = state.failed || state.chunks.count < Self.capacity
            if !room { state.transportWaits = true }
            return room
        }
    }

    /// Whether a chunk waits to be taken (the reader need not wait for the network).
    var hasWaiting: Bool { state.withLock { !$0.chunks.isEmpty } }

    /// False once the reader stopped.
    func put(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let taken = state.withLock { state -> Bool in
            guard !state.failed else { return false }
            state.chunks.append(Data(bytes))
            return true
        }
        if taken { available.signal() }
        return taken
    }

    func close(_ failure: HTTPClientError?) {
        state.withLock { state in
            state.ended = true
            state.failure = failure
        }
        available.signal()
    }

    /// The next chunk, nil at the end of a complete body (or once the reader stopped);
    /// throws when it broke off.
    func next() throws(HTTPClientError) -> Data? {
        available.wait()
        let (chunk, resume) = try state.withLock { state throws(HTTPClientError) -> (Data?, (@Sendable () -> Void)?) in
            if state.failed { return (nil, nil) }
            if !state.chunks.isEmpty {
                let chunk = state.chunks.removeFirst()
                let wake = state.transportWaits && state.chunks.count <= Self.capacity / 2
                if wake { state.transportWaits = false }
                return (chunk, wake ? state.resume : nil)
            }
            if let failure = state.failure { throw failure }
            return (nil, nil)
        }
        resume?()
        return chunk
    }

    /// The reader failed: drop what waits and let the transport run on, to be refused;
    /// a reader waiting for a chunk (the decoding thread of a page whose store failed)
    /// is let go.
    func fail() {
        let resume = state.withLock { state -> (@Sendable () -> Void)? in
            state.failed = true
            state.chunks = []
            defer { state.transportWaits = false }
            return state.transportWaits ? state.resume : nil
        }
        available.signal()
        resume?()
    }
}
