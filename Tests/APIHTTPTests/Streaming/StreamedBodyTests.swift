#if os(Linux)
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import APIHTTP
import APIBasics

/// A sink that collects what it is given, can say it is full (so the transport pauses),
/// and can refuse more after a number of bytes.
final class CollectingSink: ResponseBodySink {
    struct State {
        var begun = 0
        var body = Data()
        var chunks = 0
        /// The length of each piece received, in order.
        var sizes: [Int] = []
        var ends: [HTTPClientError?] = []
        var full = false
        var resume: (@Sendable () -> Void)?
        var pauses = 0
    }

    let state = Mutex(State())
    /// Say "full" after each chunk, then make room again from another thread shortly after.
    let pausesEachChunk: Bool
    let refuseAfter: Int?

    init(pausesEachChunk: Bool = false, refuseAfter: Int? = nil) {
        self.pausesEachChunk = pausesEachChunk
        self.refuseAfter = refuseAfter
    }

    var snapshot: State { state.withLock { $0 } }

    func begin(status: Int, headers: HTTPHeaders, resume: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            state.begun += 1
            state.body = Data()
            state.resume = resume
        }
        return true
    }

    var hasRoom: Bool {
        let (full, resume) = state.withLock { state -> (Bool, (@Sendable () -> Void)?) in
            if state.full { state.pauses += 1 }
            return (state.full, state.resume)
        }
        if full, let resume {
            DetachedThread.start {
                usleep(2_000)
                self.state.withLock { $0.full = false }
                resume()
            }
        }
        return !full
    }

    func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        state.withLock { state in
            if let limit = refuseAfter, state.body.count >= limit { return false }
            state.body.append(contentsOf: bytes)
            state.chunks += 1
            state.sizes.append(bytes.count)
            if pausesEachChunk { state.full = true }
            return true
        }
    }

    func end(_ failure: HTTPClientError?) {
        state.withLock { $0.ends.append(failure) }
    }
}

/// The libcurl transport hands a 2xx body to the context's sink as it arrives, pauses
/// while the sink is full, keeps the cap a cap on what is read, and keeps whole bodies
/// for everything else; the standard chain scrubs the streamed bytes and caches them.
@Suite("Bodies streamed to a sink")
struct StreamedBodyTests {
    let transport = CurlTransport(maxBodyBytes: 1024 * 1024, connectTimeout: .seconds(5))

    static let body = Data((0..<40_000).map { "line \($0)\n" }.joined().utf8)

    /// A context whose every 2xx body streams to `sink` from its first byte (threshold 0).
    func streaming(_ sink: CollectingSink, past threshold: Int = 0, makes: MakeCount? = nil) -> RequestContext {
        var context = context()
        context.largeBody = LargeBodyRoute(threshold: threshold) {
            makes?.count.withLock { $0 += 1 }
            return sink
        }
        return context
    }

    /// How many times a route made its sink.
    final class MakeCount: Sendable {
        let count = Mutex(0)
        var made: Int { count.withLock { $0 } }
    }

    @Test func aSuccessfulBodyArrivesAtTheSinkInOrder() async throws {
        let body = Self.body.prefix(300_000)
        let server = try LoopbackServer { _ in .json(Data(body)).dripping(chunk: 64 * 1024, every: .milliseconds(2)) }
        defer { server.stop() }
        let sink = CollectingSink()
        let response = try await transport.send(request(server), context: streaming(sink))
        #expect(response.bodyStreamed)
        #expect(response.body.isEmpty)
        #expect(response.streamedBytes == body.count)
        let seen = sink.snapshot
        #expect(seen.body == body)
        #expect(seen.chunks > 1)
        #expect(seen.begun == 1)
        #expect(seen.ends.count == 1 && seen.ends[0] == nil)
    }

    @Test func aBodyWithinTheThresholdComesBackWholeAndMakesNoSink() async throws {
        let body = Self.body.prefix(300_000)
        let server = try LoopbackServer { _ in .json(Data(body)).dripping(chunk: 64 * 1024, every: .milliseconds(2)) }
        defer { server.stop() }
        let makes = MakeCount()
        let sink = CollectingSink()
        let response = try await transport.send(request(server), context: streaming(sink, past: body.count, makes: makes))
        #expect(!response.bodyStreamed)
        #expect(response.body == body)
        #expect(makes.made == 0, "the sink was made for a body within the threshold")
        #expect(sink.snapshot.begun == 0)
    }

    @Test func aBodyPastTheThresholdGoesToTheSinkHeldBytesFirst() async throws {
        let body = Self.body.prefix(300_000)
        let server = try LoopbackServer { _ in .json(Data(body)).dripping(chunk: 16 * 1024, every: .milliseconds(1)) }
        defer { server.stop() }
        let makes = MakeCount()
        let sink = CollectingSink()
        let threshold = 100_000
        let response = try await transport.send(request(server), context: streaming(sink, past: threshold, makes: makes))
        #expect(response.bodyStreamed)
        #expect(response.body.isEmpty)
        #expect(response.streamedBytes == body.count)
        #expect(makes.made == 1)
        let seen = sink.snapshot
        #expect(seen.begun == 1)
        #expect(seen.body == body)
        // The bytes held up to the threshold arrive as one piece, then the chunk that passed it, then the rest.
        #expect(seen.sizes.count > 2)
        #expect(seen.sizes[0] <= threshold && seen.sizes[0] + seen.sizes[1] > threshold, "\(seen.sizes.prefix(3))")
        #expect(seen.ends.count == 1 && seen.ends[0] == nil)
    }

    @Test func theStandardChainMakesNothingForABodyWithinTheThreshold() async throws {
        let text = #"{"echo":"x\#(secret)y"}"#
        let server = try LoopbackServer { _ in .json(text) }
        defer { server.stop() }
        let client = HTTPClient.standard(
            transport: transport, bucket: "nyt", limits: [], ledger: InMemoryRateLimitLedger(), ttl: .seconds(60),
            cacheStorage: MemoryCacheStorage(), notice: { _ in })
        let makes = MakeCount()
        let response = try await client.send(request(server), context: streaming(CollectingSink(), past: 1 << 20, makes: makes))
        #expect(!response.bodyStreamed)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"echo":"x***y"}"#)
        #expect(makes.made == 0)
    }

    @Test func aFullSinkPausesTheTransferWithoutLosingAByte() async throws {
        let body = Self.body.prefix(200_000)
        let server = try LoopbackServer { _ in .json(Data(body)) }
        defer { server.stop() }
        let sink = CollectingSink(pausesEachChunk: true)
        let response = try await transport.send(request(server), context: streaming(sink))
        #expect(response.bodyStreamed)
        let seen = sink.snapshot
        #expect(seen.pauses > 0)
        #expect(seen.body == body)
    }

    @Test func theCapStillStopsAStreamedBody() async throws {
        // Compressed, so that no Content-Length announces the decoded size: the cap is met while streaming.
        let bomb = try await Gzip.zeros(count: 8 * 1024 * 1024)
        let server = try LoopbackServer { _ in .gzip(bomb) }
        defer { server.stop() }
        let sink = CollectingSink()
        let error = await failure { try await transport.send(request(server), context: streaming(sink)) }
        #expect(error as? HTTPClientError == .bodyTooLarge(url: request(server).redactedURL, limit: 1024 * 1024))
        let seen = sink.snapshot
        #expect(seen.begun == 1)
        #expect(seen.body.count > 0 && seen.body.count <= 1024 * 1024)
        #expect(seen.ends.count == 1 && seen.ends[0] != nil)
    }

    @Test func aBodyThatBreaksOffEndsTheSinkWithTheFailure() async throws {
        let server = try LoopbackServer { _ in .json(Data(Self.body.prefix(200_000))).truncated(after: 120_000) }
        defer { server.stop() }
        let sink = CollectingSink()
        let error = await failure { try await transport.send(request(server), context: streaming(sink)) }
        #expect(error != nil)
        let seen = sink.snapshot
        #expect(seen.ends.last.map { $0 != nil } == true)
        #expect(seen.body.count <= 120_000)
    }

    @Test func errorStatusesKeepTheirBodyWhole() async throws {
        let server = try LoopbackServer { _ in .json(#"{"fault":"no"}"#, status: 401) }
        defer { server.stop() }
        let sink = CollectingSink()
        let response = try await transport.send(request(server), context: streaming(sink))
        #expect(!response.bodyStreamed)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"fault":"no"}"#)
        #expect(sink.snapshot.begun == 0)
    }

    @Test func aReaderThatStopsEndsTheTransferAndTheResponseIsStillStreamed() async throws {
        let server = try LoopbackServer { _ in .json(Data(Self.body.prefix(500_000))).dripping(chunk: 32 * 1024, every: .milliseconds(1)) }
        defer { server.stop() }
        let sink = CollectingSink(refuseAfter: 40_000)
        let response = try await transport.send(request(server), context: streaming(sink))
        #expect(response.bodyStreamed)
        #expect(sink.snapshot.body.count < 500_000)
    }

    @Test func theStandardChainScrubsAKeySplitOnTheWireAndCachesTheScrubbedBody() async throws {
        // The key straddles every cut of an 8-byte drip.
        let text = #"{"echo":"x\#(secret)y","and":"\#(secret)"}"#
        let server = try LoopbackServer { _ in .json(text).dripping(chunk: 8, every: .milliseconds(1)) }
        defer { server.stop() }
        let cache = MemoryCacheStorage()
        let client = HTTPClient.standard(
            transport: transport, bucket: "nyt", limits: [], ledger: InMemoryRateLimitLedger(), ttl: .seconds(60),
            cacheStorage: cache, notice: { _ in })
        let sink = CollectingSink()
        let response = try await client.send(request(server), context: streaming(sink))
        #expect(response.bodyStreamed)
        let streamed = String(decoding: sink.snapshot.body, as: UTF8.self)
        #expect(streamed == #"{"echo":"x***y","and":"***"}"#)
        // The cache keeps the whole scrubbed body; the next request is a hit, whole.
        let again = try await client.send(request(server), context: streaming(CollectingSink()))
        #expect(!again.bodyStreamed)
        #expect(String(decoding: again.body, as: UTF8.self) == streamed)
        #expect(server.requests.count == 1)
    }
}
#endif
