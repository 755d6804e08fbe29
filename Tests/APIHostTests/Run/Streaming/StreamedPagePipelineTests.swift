import APICore
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import APIHost

/// The host's two threads for a streamed page (``StreamedPagePipeline``): what the
/// decoder gives is stored in order inside the page's transaction, a slow store holds
/// the decoder back (memory stays bounded), and a failure on either side stops both
/// and rolls the page back.
@Suite struct StreamedPagePipelineTests {
    /// Reads each byte as one item; a byte 0xFF cannot be read; the page is the bytes'
    /// count, or the body handed back whole when `whole`.
    struct ByteDecoder: StreamingBodyDecoder {
        let counts: Counts
        var whole = false
        /// Ends with no warning (a page that may be printed before it is stored).
        var quiet = false
        var body: [UInt8] = []

        struct Unreadable: Error {}

        mutating func decode(_ bytes: UnsafeRawBufferPointer, into items: inout [UInt8]) throws {
            for byte in bytes {
                if byte == 0xFF { throw Unreadable() }
                items.append(byte)
                body.append(byte)
                counts.decoded.withLock { $0 += 1 }
            }
        }

        mutating func finish(into items: inout [UInt8], warnings: inout [String]) throws -> StreamedPageEnd<Int> {
            if !quiet { warnings.append("read \(body.count) bytes") }
            return whole ? .whole(Data(body)) : .page(body.count)
        }
    }

    struct StoreFailed: Error {}

    /// Counts shared by the test and the two threads.
    final class Counts: Sendable {
        let decoded = Mutex(0)
        let stored = Mutex<[UInt8]>([])
        /// The most items decoded but not yet stored, seen at each batch stored.
        let mostAhead = Mutex(0)
        /// Whether the decoder was asked to keep its items in the page.
        let keptItems = Mutex<Bool?>(nil)
        /// How many items each batch stored held, in order.
        let batchSizes = Mutex<[Int]>([])
    }

    /// A store with one table the items go into.
    func withStore<T: Sendable>(_ body: (Store, Transaction) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Store(path: folder.appendingPathComponent("s.sqlite3").path)
        try store.write { try $0.execute("CREATE TABLE items (value INTEGER)") }
        return try store.write { try body(store, $0) }
    }

    /// `untilPrinted`: the store takes its first batch only once that is signalled (or 10 s went by).
    func pipeline(
        _ counts: Counts, whole: Bool = false, quiet: Bool = false, failStoreAt: Int? = nil, slowFirstBatch: Bool = false,
        untilPrinted: DispatchSemaphore? = nil, batchBytes: Int = StreamedPagePipeline<UInt8, Int>.slice
    ) -> StreamedPagePipeline<UInt8, Int> {
        StreamedPagePipeline(
            makeDecoder: { keepingItems in
                counts.keptItems.withLock { $0 = keepingItems }
                return ByteDecoder(counts: counts, whole: whole, quiet: quiet)
            },
            printable: { $0.count },
            store: { items, context in
                if let untilPrinted, counts.stored.withLock({ $0.isEmpty }) {
                    if untilPrinted.wait(timeout: .now() + 10) == .timedOut { throw StoreFailed() }
                }
                if slowFirstBatch, counts.stored.withLock({ $0.isEmpty }) {
                    // Gives the decoder time to run as far ahead as the queue lets it.
                    usleep(200_000)
                }
                let ahead = counts.decoded.withLock { $0 } - counts.stored.withLock { $0.count }
                counts.mostAhead.withLock { $0 = max($0, ahead) }
                counts.batchSizes.withLock { $0.append(items.count) }
                for item in items {
                    if let failStoreAt, counts.stored.withLock({ $0.count }) == failStoreAt { throw StoreFailed() }
                    try context.transaction.execute("INSERT INTO items (value) VALUES (?)", [.integer(Int64(item))])
                    counts.stored.withLock { $0.append(item) }
                }
            },
            storeWhole: { body, context, warnings in
                warnings.append("stored whole")
                for item in body {
                    try context.transaction.execute("INSERT INTO items (value) VALUES (?)", [.integer(Int64(item))])
                }
                return -body.count
            },
            batchBytes: batchBytes)
    }

    static func chunks(_ bytes: [UInt8], size: Int, failure: HTTPClientError? = nil) -> ChunkQueue {
        let chunks = ChunkQueue(resume: {})
        for start in stride(from: 0, to: bytes.count, by: size) {
            _ = bytes[start..<min(bytes.count, start + size)].withUnsafeBytes { chunks.put($0) }
        }
        chunks.close(failure)
        return chunks
    }

    func count(_ tx: Transaction) throws -> Int {
        try tx.queryOne("SELECT COUNT(*) FROM items")?[0].int ?? -1
    }

    @Test(arguments: [1, 7, 300])
    func everyItemIsStoredInOrderAndThePageEnds(chunkSize: Int) throws {
        let bytes = (0..<1000).map { UInt8($0 % 200) }
        let counts = Counts()
        var warnings: [String] = []
        let (page, rows) = try withStore { _, tx in
            let page = try pipeline(counts).run(
                Self.chunks(bytes, size: chunkSize), in: PersistContext(tx, fetchedAt: Date()), warnings: &warnings)
            return (page, try count(tx))
        }
        #expect(page == 1000)
        #expect(rows == 1000)
        #expect(counts.stored.withLock { $0 } == bytes)
        #expect(warnings == ["read 1000 bytes"])
    }

    @Test func aBodyHandedBackWholeIsStoredWhole() throws {
        let counts = Counts()
        var warnings: [String] = []
        let page = try withStore { _, tx in
            try pipeline(counts, whole: true).run(
                Self.chunks([1, 2, 3], size: 2), in: PersistContext(tx, fetchedAt: Date()), warnings: &warnings)
        }
        #expect(page == -3)
        #expect(warnings == ["read 3 bytes", "stored whole"])
    }

    /// A store slower than the decoder: the decoder runs ahead by the queue's batches
    /// (10 bytes of body each, one item a byte), one batch in hand, the one being stored
    /// and the items it is gathering, never by the whole body.
    @Test func aSlowStoreHoldsTheDecoderBack() throws {
        let bytes = [UInt8](repeating: 7, count: 2000)
        let counts = Counts()
        var warnings: [String] = []
        _ = try withStore { _, tx in
            try pipeline(counts, slowFirstBatch: true, batchBytes: 10).run(
                Self.chunks(bytes, size: 1), in: PersistContext(tx, fetchedAt: Date()), warnings: &warnings)
        }
        let bound = (StreamedPagePipeline<UInt8, Int>.batchCapacity + 3) * 10
        #expect(counts.mostAhead.withLock { $0 } <= bound)
        #expect(counts.mostAhead.withLock { $0 } > 10)
        #expect(counts.stored.withLock { $0.count } == 2000)
    }

    /// Chunks that wait are read into one batch until it holds `batchBytes` of body:
    /// one byte a chunk, ten items a batch (the last one what is left).
    @Test func batchesGatherTheChunksThatWait() throws {
        let bytes = (0..<95).map { UInt8($0) }
        let counts = Counts()
        var warnings: [String] = []
        _ = try withStore { _, tx in
            try pipeline(counts, batchBytes: 10).run(
                Self.chunks(bytes, size: 1), in: PersistContext(tx, fetchedAt: Date()), warnings: &warnings)
        }
        #expect(counts.batchSizes.withLock { $0 } == [10, 10, 10, 10, 10, 10, 10, 10, 10, 5])
        #expect(counts.stored.withLock { $0 } == bytes)
    }

    /// A batch short of `batchBytes` goes to the store once no more body waits: the store
    /// does not wait for the network to fill it. The next chunk is sent only once the
    /// store has the first one's items (or 10 s went by).
    @Test func whatIsGatheredGoesWhenNoMoreBodyWaits() throws {
        let counts = Counts()
        let chunks = ChunkQueue(resume: {})
        let storedBeforeMore = Mutex<Bool?>(nil)
        let fed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = [UInt8]([1, 2, 3]).withUnsafeBytes { chunks.put($0) }
            let deadline = Date().addingTimeInterval(10)
            while counts.stored.withLock({ $0.count }) < 3, Date() < deadline { usleep(1_000) }
            storedBeforeMore.withLock { $0 = counts.stored.withLock { $0.count } == 3 }
            _ = [UInt8]([4, 5]).withUnsafeBytes { chunks.put($0) }
            chunks.close(nil)
            fed.signal()
        }
        var warnings: [String] = []
        let page = try withStore { _, tx in
            try pipeline(counts).run(chunks, in: PersistContext(tx, fetchedAt: Date()), warnings: &warnings)
        }
        fed.wait()
        #expect(storedBeforeMore.withLock { $0 } == true)
        #expect(page == 5)
        #expect(counts.stored.withLock { $0 } == [1, 2, 3, 4, 5])
    }

    /// Batches of 10 bytes: the 500 items before the unreadable byte reach the store, then the failure.
    @Test func aDecoderThatThrowsStopsTheStoreAfterWhatCameBefore() throws {
        let bytes = [UInt8](repeating: 1, count: 500) + [0xFF] + [UInt8](repeating: 2, count: 500)
        let counts = Counts()
        var warnings: [String] = []
        #expect(throws: ByteDecoder.Unreadable.self) {
            try withStore { _, tx in
                try pipeline(counts, batchBytes: 10).run(Self.chunks(bytes, size: 10), in: PersistContext(tx, fetchedAt: Date()), warnings: &warnings)
            }
        }
        #expect(counts.stored.withLock { $0 } == [UInt8](repeating: 1, count: 500))
        #expect(warnings.isEmpty)
    }

    @Test func aBodyThatBreaksOffIsThrownByTheStore() throws {
        let failure = HTTPClientError.truncated(url: "https://example.org/x", received: 100, expected: 200)
        let counts = Counts()
        var warnings: [String] = []
        #expect(throws: failure) {
            try withStore { _, tx in
                try pipeline(counts).run(
                    Self.chunks([UInt8](repeating: 3, count: 100), size: 10, failure: failure),
                    in: PersistContext(tx, fetchedAt: Date()), warnings: &warnings)
            }
        }
        #expect(counts.stored.withLock { $0.count } == 100)
    }

    /// The store fails: the decoder stops early, and the transfer's next chunk is refused.
    @Test func aStoreThatThrowsStopsTheDecoderAndTheTransfer() throws {
        let bytes = [UInt8](repeating: 5, count: 5000)
        let counts = Counts()
        var warnings: [String] = []
        let chunks = Self.chunks(bytes, size: 1)
        #expect(throws: StoreFailed.self) {
            try withStore { _, tx in
                try pipeline(counts, failStoreAt: 10, slowFirstBatch: true, batchBytes: 10)
                    .run(chunks, in: PersistContext(tx, fetchedAt: Date()), warnings: &warnings)
            }
        }
        #expect(counts.stored.withLock { $0.count } == 10)
        #expect(counts.decoded.withLock { $0 } < 5000)
        #expect(!([UInt8(1)].withUnsafeBytes { chunks.put($0) }))
    }
}

/// A page printed as soon as it is decoded (``EarlyOutput``): while the store still holds
/// its batches, and only when it ends as a page; its warnings said first.
@Suite struct EarlyOutputPipelineTests {
    typealias Base = StreamedPagePipelineTests

    /// Records the page it printed, the pieces printed as they were decoded and the
    /// warnings said, and signals `printed` once the page is printed.
    final class Printer: Sendable {
        let pages = Mutex<[Int]>([])
        /// Each piece's item count, in order.
        let pieces = Mutex<[Int]>([])
        let warned = Mutex<[String]>([])
        let printed = DispatchSemaphore(value: 0)

        func output(inPieces: Bool = false) -> EarlyOutput<Int> {
            let piece: EarlyOutput<Int>.Piece = { piece in self.pieces.withLock { $0.append(piece) } }
            let warn: @Sendable (String) -> Void = { warning in self.warned.withLock { $0.append(warning) } }
            return EarlyOutput(warn: warn, piece: inPieces ? piece : nil) { page in
                self.pages.withLock { $0.append(page) }
                self.printed.signal()
                return page
            }
        }
    }

    /// The store waits for the print before its first batch: the page is printed while
    /// nothing of it is stored yet, then stored whole.
    @Test func aDecodedPageIsPrintedWhileItIsStored() throws {
        let bytes = (0..<1000).map { UInt8($0 % 200) }
        let counts = Base.Counts()
        let printer = Printer()
        let early = printer.output()
        var warnings: [String] = []
        let (page, rows) = try Base().withStore { _, tx in
            let page = try Base().pipeline(counts, quiet: true, untilPrinted: printer.printed).run(
                Base.chunks(bytes, size: 1000), in: PersistContext(tx, fetchedAt: Date()), early: early, warnings: &warnings)
            return (page, try Base().count(tx))
        }
        #expect(page == 1000)
        #expect(rows == 1000)
        #expect(printer.pages.withLock { $0 } == [1000])
        #expect(counts.keptItems.withLock { $0 } == true, "printed whole at the end, the page holds its items")
        #expect(printer.pieces.withLock { $0 }.isEmpty)
        #expect(try early.finish()?.get() == 1000)
        #expect(try early.finish()?.get() == 1000, "a second finish does not wait again")
    }

    /// Printed as it is decoded: each batch handed to the store (100 bytes of body) is
    /// printed after it, in order, and the page its decoder returns holds none of its items.
    @Test func aPagePrintedInPiecesIsPrintedAsItIsDecoded() throws {
        let bytes = (0..<1000).map { UInt8($0 % 200) }
        let counts = Base.Counts()
        let printer = Printer()
        let early = printer.output(inPieces: true)
        var warnings: [String] = []
        let rows = try Base().withStore { _, tx in
            _ = try Base().pipeline(counts, quiet: true, batchBytes: 100).run(
                Base.chunks(bytes, size: 100), in: PersistContext(tx, fetchedAt: Date()), early: early, warnings: &warnings)
            return try Base().count(tx)
        }
        #expect(rows == 1000)
        #expect(counts.keptItems.withLock { $0 } == false)
        let pieces = printer.pieces.withLock { $0 }
        #expect(pieces.count == 10, "\(pieces)")
        #expect(pieces.reduce(0, +) == 1000)
        #expect(try early.finish()?.get() == 1000)
        #expect(printer.pages.withLock { $0 } == [1000])
    }

    /// A page that ends with warnings is printed too, once they are said.
    @Test func aPageWithWarningsIsPrintedAfterThem() throws {
        let counts = Base.Counts()
        let printer = Printer()
        let early = printer.output()
        var warnings: [String] = []
        _ = try Base().withStore { _, tx in
            try Base().pipeline(counts).run(
                Base.chunks([UInt8](repeating: 9, count: 10), size: 5), in: PersistContext(tx, fetchedAt: Date()),
                early: early, warnings: &warnings)
        }
        #expect(try early.finish()?.get() == 10)
        #expect(printer.warned.withLock { $0 } == ["read 10 bytes"])
        #expect(early.warningsSaid == ["read 10 bytes"])
        #expect(warnings == ["read 10 bytes"], "the run still has them: the command leaves out those said")
    }

    /// Printed, then the store fails: the page's failure is thrown as before, and the print stands.
    @Test func aStoreThatFailsAfterThePrintStillFails() throws {
        let counts = Base.Counts()
        let printer = Printer()
        let early = printer.output()
        var warnings: [String] = []
        #expect(throws: Base.StoreFailed.self) {
            try Base().withStore { _, tx in
                try Base().pipeline(counts, quiet: true, failStoreAt: 3, untilPrinted: printer.printed).run(
                    Base.chunks([UInt8](repeating: 4, count: 50), size: 50), in: PersistContext(tx, fetchedAt: Date()),
                    early: early, warnings: &warnings)
            }
        }
        #expect(try early.finish()?.get() == 50)
    }

    /// A page that is handed back whole, or breaks off, is left to the run, printed in pieces or not.
    @Test(arguments: ["whole", "broken"], [false, true])
    func otherEndsAreNotPrintedEarly(end: String, inPieces: Bool) throws {
        let counts = Base.Counts()
        let printer = Printer()
        let early = printer.output(inPieces: inPieces)
        let failure = HTTPClientError.truncated(url: "https://example.org/x", received: 10, expected: 20)
        var warnings: [String] = []
        _ = try? Base().withStore { _, tx in
            try Base().pipeline(counts, whole: end == "whole", quiet: true).run(
                Base.chunks([UInt8](repeating: 9, count: 10), size: 5, failure: end == "broken" ? failure : nil),
                in: PersistContext(tx, fetchedAt: Date()), early: early, warnings: &warnings)
        }
        #expect(early.finish() == nil)
        #expect(printer.pages.withLock { $0 }.isEmpty)
    }
}

/// The queue itself: a batch taken is freed once the store drops it, even while the
/// decoder keeps one batch ahead of the store for the whole body.
@Suite struct ItemBatchQueueTests {
    final class Live: Sendable {
        let count = Mutex(0)
    }

    final class Token: Sendable {
        let live: Live
        init(_ live: Live) {
            self.live = live
            live.count.withLock { $0 += 1 }
        }
        deinit { live.count.withLock { $0 -= 1 } }
    }

    @Test func aTakenBatchIsNotHeld() {
        let live = Live()
        let queue = ItemBatchQueue<Token, Int>(capacity: 4)
        var most = 0
        #expect(queue.put([Token(live)]))
        for _ in 0..<1000 {
            #expect(queue.put([Token(live)]))
            if case let .items(items) = queue.next() { #expect(items.count == 1) }
            most = max(most, live.count.withLock { $0 })
        }
        #expect(most <= 2)
        queue.close(.end(.page(1), []))
        _ = queue.next()
        if case let .end(.page(page), _) = queue.next() { #expect(page == 1) } else { Issue.record("no end") }
    }

    /// Frees itself on the thread that drops its last reference.
    final class FreedOn: Sendable {
        final class Threads: Sendable { let list = Mutex<[UInt]>([]) }
        let threads: Threads
        init(_ threads: Threads) { self.threads = threads }
        deinit { threads.list.withLock { $0.append(UInt(pthread_self())) } }
    }

    /// What the store gives back is freed by the thread that calls `free`, the decoder,
    /// not by the storing thread that gave it (a block freed by another thread takes its arena's lock).
    @Test func spentBatchesAreFreedWhereFreeIsCalled() {
        let threads = FreedOn.Threads()
        let spent = SpentBatches<FreedOn>()
        let given = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            spent.give((0..<100).map { _ in FreedOn(threads) })
            spent.give([FreedOn(threads)])
            given.signal()
        }
        #expect(given.wait(timeout: .now() + 10) == .success)
        #expect(threads.list.withLock { $0.isEmpty }, "held until the decoder frees them")
        spent.free()
        let freed = threads.list.withLock { $0 }
        #expect(freed.count == 101)
        #expect(freed.allSatisfy { $0 == UInt(pthread_self()) })
        spent.free()
        #expect(threads.list.withLock { $0.count } == 101, "each batch once")
    }

    @Test func aStoppedQueueRefusesMore() {
        let queue = ItemBatchQueue<Int, Int>(capacity: 2)
        #expect(queue.put([1]))
        queue.stop()
        #expect(!queue.put([2]))
        #expect(queue.isStopped)
    }
}
