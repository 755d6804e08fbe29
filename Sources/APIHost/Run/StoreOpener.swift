#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Opens the store and brings the host's and the given providers' schemas up to date.
///
/// Every failure names the file and what is wrong with it (``StoreFailure``). A store
/// that cannot be written is opened for reading: `--offline` and `store info` work,
/// a fresh answer is still shown (the run warns once that it is not stored), and
/// what must write fails with "read-only" (74).
enum StoreOpener {
    static func open(path: String, providers: [any Provider]) throws -> Store {
        if FolderCheck.isFolder(atPath: path) {

            throw CLIError(
                "the store at \(path) is a folder, not a database file; use --db or APICLI_DB to name a file",
                exitCode: .software)
        }
        do {
            let store = try openFile(path)
            try migrate(store, owner: HostSchema.owner, HostSchema.migrations)
            for provider in providers {
                try migrate(store, owner: provider.descriptor.name, provider.migrations)
            }
            return store
        } catch let error as StoreError {
            throw StoreFailure.cliError(error, path: path)
        }
    }

    /// A store that cannot be written is read as it is: a newer one is still refused,
    /// but migrations it lacks cannot be applied and are not an error.
    private static func migrate(_ store: Store, owner: String, _ migrations: [Migration]) throws {
        do {
            try store.migrate(owner: owner, migrations)
        } catch let error as StoreError where store.isReadOnly && error.problem == .readOnly {
            return
        }
    }

    /// The file opened read-write, or read-only when it exists but cannot be written.
    static func openFile(_ path: String) throws -> Store {
        do {
            // A run that stores one answer leaves its WAL frames for a later checkpoint: no fsync at exit.
            return try Store(path: path, checkpointOnClose: false)
        } catch let error as StoreError
            where [.readOnly, .inputOutput].contains(error.problem) && FileManager.default.fileExists(atPath: path)
        {
            return try Store(path: path, readOnly: true)
        }
    }
}
