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
    /// The store at `path`, migrated for the host and `providers`.
    ///
    /// `intent` says what may be created (``StorePreflight``): a fetch creates a missing
    /// store, `store clear` and `store vacuum` need one that exists.
    ///
    /// `shared`: tables several providers share (the provider-files engine's), migrated
    /// under their owner even when no provider of theirs runs.
    static func open(
        path: String, providers: [any Provider], shared: [CatalogStorage] = [],
        intent: StorePreflight.Intent = .create(folder: false)
    ) throws -> Store {
        if try StorePreflight.check(path, for: intent) {
            // Made whole and linked into place, or else (another process made it meanwhile,
            // or it failed) opened as it is below, which creates it or says what is wrong.
            _ = Store.makeWhole(at: path) { store in
                _ = try migrateAll(store, providers: providers, shared: shared)
            }
        }
        return try migrated(path, providers: providers, shared: shared) { try openFile(path) }
    }

    /// The store opened for reading only (`store info`, `store check`): never created,
    /// never migrated, its journal mode left as it is. A store from a newer apicli is
    /// still refused (78).
    static func openForReading(path: String, providers: [any Provider], shared: [CatalogStorage] = []) throws -> Store {
        try StorePreflight.check(path, for: .read)
        return try migrated(path, providers: providers, shared: shared) { try Store(path: path, readOnly: true) }
    }

    private static func migrated(
        _ path: String, providers: [any Provider], shared: [CatalogStorage], open: () throws -> Store
    ) throws -> Store {
        do {
            let store = try open()
            // A schema just made or changed is copied into the file once, not read again by every start.
            if try migrateAll(store, providers: providers, shared: shared) { store.checkpoint() }
            return store
        } catch let error as StoreError {
            throw StoreFailure.cliError(error, path: path)
        }
    }

    /// The host's migrations, then the providers', then the shared tables'; whether any ran.
    private static func migrateAll(_ store: Store, providers: [any Provider], shared: [CatalogStorage]) throws -> Bool {
        var changed = try migrate(store, owner: HostSchema.owner, HostSchema.migrations)
        for provider in providers {
            changed = try migrate(store, owner: provider.descriptor.storageOwnership.owner, provider.migrations) || changed
        }
        for storage in shared {
            changed = try migrate(store, owner: storage.ownership.owner, storage.migrations) || changed
        }
        return changed
    }

    /// A store that cannot be written is read as it is: a newer one is still refused,
    /// but migrations it lacks cannot be applied and are not an error.
    private static func migrate(_ store: Store, owner: String, _ migrations: [Migration]) throws -> Bool {
        do {
            return try store.migrate(owner: owner, migrations)
        } catch let error as StoreError where store.isReadOnly && error.problem == .readOnly {
            return false
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
