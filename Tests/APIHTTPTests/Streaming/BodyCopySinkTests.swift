import Foundation
import Synchronization
import Testing
@testable import APIHTTP

/// The cache's copy of a streamed body (``BodyCopySink``): kept whole within the limit,
/// and never begun for a body whose length is said to be past it.
@Suite struct BodyCopySinkTests {
    /// Takes every byte, and counts them.
    final class Counting: ResponseBodySink {
        let received = Mutex(0)
        func begin(status: Int, headers: HTTPHeaders, resume: @escaping @Sendable () -> Void) -> Bool { true }
        var hasRoom: Bool { true }
        func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
            received.withLock { $0 += bytes.count }
            return true
        }
        func end(_ failure: HTTPClientError?) {}
    }

    /// `count` bytes in pieces of 1,000, with the length the headers give; the most the copy held.
    func feed(_ sink: BodyCopySink, count: Int, headers: HTTPHeaders) -> Int {
        let began = sink.begin(status: 200, headers: headers, resume: {})
        #expect(began)
        let piece = [UInt8](repeating: 0x61, count: 1_000)
        var most = 0
        for _ in 0..<(count / 1_000) {
            _ = piece.withUnsafeBytes { sink.receive($0) }
            most = max(most, sink.held)
        }
        sink.end(nil)
        return most
    }

    @Test func aBodySaidToBePastTheLimitIsNeverCopied() {
        let inner = Counting()
        let sink = BodyCopySink(inner, limit: 10_000)
        let most = feed(sink, count: 50_000, headers: ["Content-Length": "50000"])
        #expect(most == 0)
        #expect(sink.copy.body == nil)
        #expect(sink.copy.count == 50_000)
        #expect(inner.received.withLock { $0 } == 50_000, "the reader still gets every byte")
    }

    @Test func aBodyOfUnknownLengthIsCopiedUntilItPassesTheLimit() {
        let sink = BodyCopySink(Counting(), limit: 10_000)
        let most = feed(sink, count: 50_000, headers: [:])
        #expect(most == 10_000)
        #expect(sink.copy.body == nil)
        #expect(sink.copy.count == 50_000)
    }

    @Test func aBodyWithinTheLimitIsCopiedWhole() {
        let sink = BodyCopySink(Counting(), limit: 10_000)
        _ = feed(sink, count: 8_000, headers: ["Content-Length": "8000"])
        #expect(sink.copy.body == Data(repeating: 0x61, count: 8_000))
    }
}
