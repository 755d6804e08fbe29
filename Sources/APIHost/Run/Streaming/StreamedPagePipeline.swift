import APICore
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One streamed page read on two threads at once (``PageStreaming``): a thread
/// of its own takes the body's chunks from the ``ChunkQueue`` and decodes them into
/// items, while the page's storing thread, inside the page's one write transaction,
/// stores the batches already decoded. Decoding and storing each take a large share of
/// a large run; one after the other on one thread, the second core stayed idle.
///
/// The batches, each the items of about ``batchBytes`` of body (``Gathered``), pass
/// through an ``ItemBatchQueue`` of ``batchCapacity``: a slow store holds back the
/// decoder, which stops taking chunks, which pauses the transfer, so memory stays
/// bounded. The batches stored go back to the decoder to be freed (``SpentBatches``). Either
/// side's failure stops the other: a decoder that throws (or a body that
/// breaks off) ends the queue with the error, which the store throws, so the
/// transaction rolls back; a store that throws stops the queue and the chunks, so the
/// decoder ends and the transfer is refused. The storing thread returns only
/// once the decoding thread is done with the chunks and the batches; it may still be
/// printing the page (``EarlyOutput``), which the command waits for.
struct StreamedPagePipeline<Item: Sendable, Page: Sendable>: Sendable {
    /// Batches that may wait for the store.
    static var batchCapacity: Int { 8 }
    /// The most bytes the decoder is given at once, so that items reach the store while
    /// a large chunk (the first one is the MiB the transport held) is still being read.
    static var slice: Int { 64 << 10 }

    /// The page's decoder; `true`: the page it returns keeps its items (nothing prints them as they come).
    let makeDecoder: @Sendable (Bool) -> any StreamingBodyDecoder<Item, Page>
    /// Items just decoded as a page of their own, for ``EarlyOutput/printPiece(_:)``.
    let printable: @Sendable ([Item]) -> Page
    let store: @Sendable ([Item], PersistContext) throws -> Void
    /// Stores a body the decoder handed back whole (``StreamedPageEnd/whole(_:)``).
    let storeWhole: @Sendable (Data, PersistContext, inout [String]) throws -> Page
    /// How much body a batch's items come from, unless nothing more has arrived yet.
    var batchBytes = Self.slice

    /// Reads the page from `chunks` and stores it through `context`; on the storing thread.
    /// `early`: where the page is printed once decoded, while its last batches are stored,
    /// or as it is decoded (a page that ends whole is left to be printed after the run).
    func run(
        _ chunks: ChunkQueue, in context: PersistContext, early: EarlyOutput<Page>? = nil, warnings: inout [String]
    ) throws -> Page {
        let batches = ItemBatchQueue<Item, Page>(capacity: Self.batchCapacity)
        let spent = SpentBatches<Item>()
        let decoded = DispatchSemaphore(value: 0)
        let makeDecoder = self.makeDecoder
        let keepingItems = early?.printsPieces != true
        let printable = self.printable
        let batchBytes = self.batchBytes
        let started = DetachedThread.start {
            let claimed = Self.decode(
                chunks, with: makeDecoder(keepingItems), into: batches, of: batchBytes, freeing: spent, early: early,
                printable: printable)
            // The storing thread may go on (the commit, the answer) while this one prints.
            decoded.signal()
            if let (page, warnings) = claimed { early?.print(page, warnings: warnings) }
        }
        guard started else { throw StoreError.misuse(reason: "no thread to decode the answer") }
        var finished = false
        defer {
            if !finished {
                batches.stop()
                chunks.fail()
            }
            decoded.wait()
        }
        // A store that fails while a print is waiting for the page: the rest of the body is still
        // read and decoded, so the page is printed whole, and the failure is said after it.
        var storeFailure: (any Error)?
        while true {
            switch batches.next() {
            case let .items(items):
                if storeFailure == nil {
                    do { try store(items, context) } catch {
                        guard early != nil else { throw error }
                        storeFailure = error
                    }
                }
                spent.give(items)
            case let .failed(error):
                throw storeFailure ?? error
            case let .end(end, pageWarnings):
                // The decoding thread is ending of itself.
                finished = true
                if let storeFailure { throw storeFailure }
                warnings += pageWarnings
                switch end {
                case let .page(page): return page
                case let .whole(body): return try storeWhole(body, context, &warnings)
                }
            }
        }
    }

    /// The decoding thread: chunks in, batches out, until the body ends or either side stops.
    /// The page and its warnings, when `early` claimed it for printing.
    private static func decode(
        _ chunks: ChunkQueue, with decoder: any StreamingBodyDecoder<Item, Page>, into batches: ItemBatchQueue<Item, Page>,
        of batchBytes: Int, freeing spent: SpentBatches<Item>, early: EarlyOutput<Page>?,
        printable: @Sendable ([Item]) -> Page
    ) -> (Page, [String])? {
        var decoder = decoder
        // Handed to the store first, then printed: the store is the longer half.
        let pieces = early?.printsPieces == true ? early : nil
        func hand(_ items: [Item]) -> Bool {
            guard batches.put(items) else { return false }
            pieces?.printPiece(printable(items))
            spent.free()
            return true
        }
        var gathered = Gathered(enough: batchBytes)
        do {
            while let chunk = try chunks.next() {
                guard !batches.isStopped else { return nil }
                let handed = try chunk.withUnsafeBytes { bytes in
                    try decode(bytes, with: &decoder, into: &gathered, handing: hand)
                }
                guard handed else { return nil }
                // Nothing more has arrived: what is gathered goes now rather than wait for the network.
                if !chunks.hasWaiting, !gathered.items.isEmpty, !hand(gathered.take()) { return nil }
            }
            guard !batches.isStopped else { return nil }
            var items = gathered.take()
            var warnings: [String] = []
            let end = try decoder.finish(into: &items, warnings: &warnings)
            if !items.isEmpty, !hand(items) { return nil }
            // Claimed before the store hears of the end, so no run ends unaware of the print.
            var printing: (Page, [String])?
            if case let .page(page) = end, let early, early.claim() { printing = (page, warnings) }
            batches.close(.end(end, warnings))
            return printing
        } catch {
            batches.close(.failed(error))
            return nil
        }
    }

    /// One chunk, a ``slice`` at a time, its items gathered and handed once they come from
    /// enough body; false once the store stopped.
    private static func decode(
        _ bytes: UnsafeRawBufferPointer, with decoder: inout any StreamingBodyDecoder<Item, Page>,
        into gathered: inout Gathered, handing hand: ([Item]) -> Bool
    ) throws -> Bool {
        var start = 0
        repeat {
            let end = min(bytes.count, start + slice)
            try decoder.decode(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), into: &gathered.items)
            gathered.bytes += end - start
            if gathered.isEnough, !hand(gathered.take()) { return false }
            start = end
        } while start < bytes.count
        return true
    }

    /// Items decoded and not yet handed, and how much body they came from.
    ///
    /// The transfer delivers chunks of about 16 KiB. A batch per chunk kept the queue's
    /// ``batchCapacity`` batches to about 130 KiB of body, little storing: a decoder kept
    /// off its core that long (two cores, four busy threads) left the store idle, again
    /// and again in a large run (`perf sched`; docs/design/0030-streamed-pages.md). Batches
    /// of a ``slice`` of body, as the first MiB's already were, let the decoder run 512 KiB
    /// ahead.
    struct Gathered {
        let enough: Int
        var items: [Item] = []
        var bytes = 0

        var isEnough: Bool { bytes >= enough && !items.isEmpty }

        mutating func take() -> [Item] {
            bytes = 0
            defer { items = [] }
            return items
        }
    }
}
