import APICore
import Dispatch
import Synchronization

/// The decoded items between a streamed page's decoding thread and its storing thread
/// (``StreamedPagePipeline``): at most ``capacity`` batches wait; past that the decoder
/// waits for the store, and so, through the ``ChunkQueue``, does the transfer. Memory
/// stays bounded whatever the answer's length.
///
/// One producer (the decoder) and one consumer (the store). Either side may stop the
/// other: the decoder by ending the queue with a failure, the store by ``stop()``,
/// after which the decoder's next ``put(_:)`` is refused.
final class ItemBatchQueue<Item: Sendable, Page: Sendable>: Sendable {
    /// What the store takes next.
    enum Message: Sendable {
        case items([Item])
        /// The decoder finished: how the page ends, and its warnings.
        case end(StreamedPageEnd<Page>, [String])
        case failed(any Error)
    }

    let capacity: Int
    /// Counts the messages waiting for the store.
    private let available = DispatchSemaphore(value: 0)
    /// Counts the free places for batches. Made at 0 and raised: libdispatch refuses to
    /// free a semaphore whose count is below the one it was made with.
    private let room = DispatchSemaphore(value: 0)
    private let state = Mutex(State())

    private struct State {
        /// At most ``capacity`` + 1 long, so taking the first is cheap; a taken message
        /// leaves the array at once, so its batch is freed once stored.
        var messages: [Message] = []
        var stopped = false
    }

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        for _ in 0..<self.capacity { room.signal() }
    }

    /// Hands `items` to the store, waiting while ``capacity`` batches wait; false once
    /// the store stopped (nothing more is taken).
    func put(_ items: [Item]) -> Bool {
        guard !isStopped else { return false }
        room.wait()
        let taken = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.messages.append(.items(items))
            return true
        }
        if taken { available.signal() } else { room.signal() }
        return taken
    }

    /// The decoder's last message: the page's end, or why it stopped. Never waits.
    func close(_ message: Message) {
        let taken = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.messages.append(message)
            return true
        }
        if taken { available.signal() }
    }

    /// The next message, waiting for one (on the storing thread).
    func next() -> Message {
        available.wait()
        let message = state.withLock { state -> Message in
            // Only after ``stop()``, which the store calls once it takes nothing more.
            guard !state.messages.isEmpty else { return .failed(Stopped()) }
            return state.messages.removeFirst()
        }
        if case .items = message { room.signal() }
        return message
    }

    /// The store stopped: what waits is dropped, and a decoder waiting for room is let go.
    func stop() {
        state.withLock { state in
            state.stopped = true
            state.messages = []
        }
        room.signal()
    }

    /// What ``next()`` gives once the store stopped.
    struct Stopped: Error {}

    var isStopped: Bool { state.withLock { $0.stopped } }
}
