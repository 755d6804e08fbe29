import APIStore
import Foundation
import Testing
@testable import APIHost

/// A store the host makes or migrates has its schema copied into the file at once: a new
/// store's ~34 pages would otherwise sit in the WAL, which every later process reads whole
/// to rebuild its index (`weather --offline` checksummed 0.24 M instructions of it).
@Suite struct StoreOpenerTests {
    let directory: StorageTestDirectory

    init() throws {
        directory = try StorageTestDirectory()
    }

    func walBytes(_ path: String) -> Int64 { FileStatus(path: path + "-wal")?.size ?? 0 }

    @Test func aNewStoreLeavesNoWAL() throws {
        let path = directory.url.appendingPathComponent("new.sqlite3").path
        let store = try StoreOpener.open(path: path, providers: [])
        #expect(walBytes(path) == 0)
        #expect(try store.schemaVersion(owner: HostSchema.owner) == HostSchema.migrations.count)
    }

    @Test func anUpToDateStoreIsNotCheckpointedAgain() throws {
        let path = directory.url.appendingPathComponent("kept.sqlite3").path
        let store = try StoreOpener.open(path: path, providers: [])
        try store.write { tx in
            try HostSchema.recordFetch(provider: "nyt", queryKey: "q", at: Date(timeIntervalSince1970: 10), in: tx)
        }
        let written = walBytes(path)
        #expect(written > 0)
        _ = try StoreOpener.open(path: path, providers: [])
        #expect(walBytes(path) == written)
    }
}
