import Foundation
import Testing
import TestSupport
@testable import APIStore

/// A long write widens its page cache in proportion to what it writes
/// (``Transaction/sizeCache(forBytes:)``), within bounds, and only for as long as it runs.
@Suite struct CacheSizingTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    struct Stop: Error {}

    /// The connection's `PRAGMA cache_size`: negative, in KiB.
    func cacheSize(_ tx: Transaction) throws -> Int? {
        try tx.queryOne("PRAGMA cache_size")?[0].int
    }

    @Test(arguments: [
        (bytes: 1_000_000, kib: 1024),  // a small write keeps the store's cache
        (bytes: 12_496_484, kib: 1024),  // 8,000 NYT docs: a sixteenth is under 1 MiB
        (bytes: 31_457_551, kib: 1920),  // the 30 MiB answer
        (bytes: 500_000_000, kib: 4096),  // no more than 4 MiB, whatever the length
    ])
    func aSixteenthOfTheWriteBetweenOneAndFourMiB(bytes: Int, kib: Int) throws {
        let store = try Store(path: directory.path(), checkpointOnClose: false)
        let during = try store.write { tx -> Int? in
            try tx.sizeCache(forBytes: bytes)
            return try cacheSize(tx)
        }
        #expect(during == -kib)
        #expect(try store.write { try cacheSize($0) } == -Store.cacheKiB)
    }

    @Test func aWriteThatFailsNarrowsItAgainToo() throws {
        let store = try Store(path: directory.path(), checkpointOnClose: false)
        #expect(throws: Stop.self) {
            try store.write { tx in
                try tx.sizeCache(forBytes: 64 << 20)
                throw Stop()
            }
        }
        #expect(try store.read { try cacheSize($0) } == -Store.cacheKiB)
    }
}
