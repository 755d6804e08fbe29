import Foundation

/// Opens the store and brings the host's and the given providers' schemas up to date.
///
/// Every failure names the file and what is wrong with it (``StoreFailure``). A store
/// that cannot be written still answers reads: SQLite opens a read-only file for
/// reading by itself, and when even that fails (a read-only folder) a run that only
/// reads (`--offline`) opens it explicitly read-only.
enum StoreOpener {
    static func open(path: String, providers: [any Provider], readsOnly: Bool = false) throws -> Store {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw CLIError(
                "the store at \(path) is a folder, not a database file; use --db or APICLI_DB to name a file",
                exitCode: .software)
        }
        do {
            let store = try openFile(path, readsOnly: readsOnly)
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

    /// The file opened read-write, or read-only when `readsOnly` and it cannot be written.
    static func openFile(_ path: String, readsOnly: Bool) throws -> Store {
        do {
            return try Store(path: path)
        } catch let error as StoreError
            where readsOnly && [.readOnly, .inputOutput].contains(error.problem) && FileManager.default.fileExists(atPath: path)
        {
            return try Store(path: path, readOnly: true)
        }
    }
}
