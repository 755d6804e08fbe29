#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import APIBasics

/// A new store made whole beside its path and then linked into place.
///
/// Made where it is to be opened, a store took eleven `fsync`s before its first answer
/// could be stored: the rollback journal that switches a new file to WAL, the WAL's
/// header and its folder, the checkpoint that copies apicli's mark into the file, and
/// the one that copies the new schema there (``checkpoint()``). Each migration is its
/// own transaction, and all of it sat between the start and the request (figures in
/// docs/design/0035-store-files.md).
///
/// Made whole, the file has no journal and SQLite syncs nothing while it is built; it is
/// then flushed once and linked to `path`, and the folder is flushed: two syncs. No
/// process ever sees it half made: before the link there is no store at `path`, after
/// it the store is complete. Two processes making the same store at once both build
/// one, and the second link fails because the first is there; that one is used.
extension Store {
    /// Builds the store at `path`, which must not exist yet, with `build` (the schema's
    /// migrations), then links it into place.
    ///
    /// False, with nothing left behind, when it was not made so: `path` exists by now
    /// (another process made it), the folder cannot take a hard link, or anything failed.
    /// The caller then opens `path` as before, which creates it where it is or says what
    /// is wrong, in the same words as without this.
    public static func makeWhole(at path: String, _ build: (Store) throws -> Void) -> Bool {
        guard !Database.isInMemory(path) else { return false }
        makeFolder(of: path)
        let building = path + ".new-" + String(UInt64.random(in: 1...UInt64.max), radix: 16)
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] { _ = unlink(building + suffix) }
        }
        guard buildFile(at: building, build), flush(building) else { return false }
        guard link(building, path) == 0 else { return false }
        // The building name goes before the folder is flushed, so that no crash leaves it behind.
        _ = unlink(building)
        let folder = PathText.folder(of: path)
        _ = flush(folder.isEmpty ? "." : folder)
        return true
    }

    /// The file at `building`, built and closed (its connection released before the
    /// flush and the link); false when anything failed.
    private static func buildFile(at building: String, _ build: (Store) throws -> Void) -> Bool {
        do {
            let store = try Store(building: building)
            try build(store)
            try store.connection.withLock { database throws(StoreError) in
                _ = try database.query("PRAGMA journal_mode = WAL", [])
            }
            return true
        } catch {
            return false
        }
    }

    /// `fsync` of the file or folder at `path`.
    private static func flush(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { _ = close(descriptor) }
        return fsync(descriptor) == 0
    }
}
