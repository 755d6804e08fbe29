import Synchronization

/// Batches the store is done with, on their way back to the decoding thread that made
/// them, to be freed there (``StreamedPagePipeline``).
///
/// Why: glibc's malloc gives each thread an arena of its own, and a block freed by another
/// thread goes back to its arena under that arena's lock. The storing thread freed every
/// article the decoder had made (its packed text is past the per-thread cache's sizes)
/// while the decoder was allocating the next ones: the storing thread, which is a large
/// answer's longest, waited for the decoder's lock again and again (`perf record
/// -e sched:sched_switch -g`, `__lll_lock_wait_private` under `free`), the longest whenever
/// the decoder was off its core holding it. Freed by the decoder, between two batches, the
/// lock is its own (docs/design/0030-streamed-pages.md).
///
/// What waits here is the batches stored since the decoder last handed one; once the
/// decoder has ended, the last ones (at most the queue's ``StreamedPagePipeline/batchCapacity``)
/// wait until the page ends, and are freed with it.
final class SpentBatches<Item: Sendable>: Sendable {
    private let batches = Mutex<[[Item]]>([])

    /// On the storing thread: `items` are stored.
    func give(_ items: [Item]) {
        batches.withLock { $0.append(items) }
    }

    /// On the decoding thread: frees what the store gave back, taken out under the lock and
    /// dropped after it, so that the storing thread never waits for the frees.
    func free() {
        _ = batches.withLock { batches -> [[Item]] in
            defer { batches = [] }
            return batches
        }
    }
}
