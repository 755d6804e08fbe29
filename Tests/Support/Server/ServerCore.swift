import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The loopback server's shared state and its loops, kept apart from
/// ``LoopbackServer`` so that the accept thread does not keep the server alive.
final class ServerCore: Sendable {
    private let listener: Int32
    private let handler: @Sendable (RecordedRequest) -> ScriptedResponse
    private let state = Mutex(State())
    private let loopEnded = DispatchSemaphore(value: 0)

    private struct State {
        var requests: [RecordedRequest] = []
        var stopped = false
        var listenerClosed = false
    }

    /// How long one connection may take to send its request.
    private static let readTimeout: TimeInterval = 5

    init(listener: Int32, handler: @escaping @Sendable (RecordedRequest) -> ScriptedResponse) {
        self.listener = listener
        self.handler = handler
    }

    var requests: [RecordedRequest] { state.withLock { $0.requests } }
    var isStopped: Bool { state.withLock { $0.stopped } }

    func stop(wait: Bool) {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first && wait { _ = loopEnded.wait(timeout: .now() + 2) }
    }

    func acceptLoop(until end: Date) {
        defer {
            state.withLock { state in
                if !state.listenerClosed { close(listener) }
                state.listenerClosed = true
                state.stopped = true
            }
            loopEnded.signal()
        }
        while !isStopped && Date() < end {
            var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            // Looked at again once accepted: on a loaded machine this thread can wake long after
            // its lifetime with a connection waiting, which must then be refused, not served.
            guard Date() < end else {
                close(client)
                break
            }
            // A thread per connection: scripted answers block (latency, drips), and
            // blocking GCD's small global pool would starve the client under test.
            Thread.detachNewThread { self.serve(client) }
        }
    }

    private func serve(_ fd: Int32) {
        guard let request = Socket.readRequest(fd, timeout: Self.readTimeout) else {
            close(fd)
            return
        }
        state.withLock { $0.requests.append(request) }
        let response = handler(request)
        if response.delay > .zero { pause(response.delay) }
        switch response.fault {
        case .reset:
            Socket.reset(fd)
            return
        case let .raw(bytes):
            _ = Socket.write(fd, bytes)
        case let .truncate(after: count):
            _ = Socket.write(fd, response.head())
            _ = Socket.write(fd, response.body.prefix(max(0, min(count, response.body.count))))
        case nil:
            guard Socket.write(fd, response.head()) else { break }
            if let drip = response.drip {
                var offset = 0
                while offset < response.body.count && !isStopped {
                    let end = min(offset + drip.chunk, response.body.count)
                    guard Socket.write(fd, response.body[offset..<end]) else { break }
                    offset = end
                    if offset < response.body.count { pause(drip.interval) }
                }
            } else {
                _ = Socket.write(fd, response.body)
            }
        }
        Socket.finish(fd)
    }

    /// Sleeps in short steps so that a stopped server does not keep a thread busy.
    private func pause(_ duration: Duration) {
        let end = Date().addingTimeInterval(LoopbackServer.seconds(duration))
        while !isStopped {
            let left = end.timeIntervalSinceNow
            if left <= 0 { return }
            Thread.sleep(forTimeInterval: min(left, 0.05))
        }
    }
}
