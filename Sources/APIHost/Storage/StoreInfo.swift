#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `apicli store info` shows: plain values, rendered by the command.
public struct StoreInfo: Sendable, Hashable {
    public var path: String
    /// Database file plus write-ahead log, in bytes.
    public var sizeBytes: Int64
    /// One entry per provider asked about, in the order given.
    public var providers: [ProviderStorage]
    /// The host's own tables (`apicli_*`).
    public var hostTables: [StoreTable]
    /// Tables that belong to no provider asked about (a provider since removed).
    public var otherTables: [StoreTable]

    public init(
        path: String, sizeBytes: Int64, providers: [ProviderStorage], hostTables: [StoreTable],
        otherTables: [StoreTable]
    ) {
        self.path = path
        self.sizeBytes = sizeBytes
        self.providers = providers
        self.hostTables = hostTables
        self.otherTables = otherTables
    }
}

/// One provider's share of the store.
public struct ProviderStorage: Sendable, Hashable {
    public var provider: String
    /// Its tables (`<provider>_*`), FTS tables included, shadow tables not.
    public var tables: [StoreTable]
    /// Rows in its ordinary tables (virtual FTS tables mirror those, so they are not added).
    public var rows: Int
    /// Its responses in the HTTP cache.
    public var cacheEntries: Int
    /// Its latest successful fetch, nil when it never fetched.
    public var lastFetch: Date?
    /// The versions its items keep (``VersionsView``), and the bytes of their content.
    public var versions = 0
    public var versionBytes: Int64 = 0

    public init(provider: String, tables: [StoreTable], rows: Int, cacheEntries: Int, lastFetch: Date?) {
        self.provider = provider
        self.tables = tables
        self.rows = rows
        self.cacheEntries = cacheEntries
        self.lastFetch = lastFetch
    }
}

/// What `apicli store clear [provider]` removed.
public struct StoreClearResult: Sendable, Hashable {
    /// The tables emptied, by name.
    public var tables: [String]
    /// Rows deleted from ordinary tables.
    public var rows: Int
    public var cacheEntries: Int
    public var fetchRecords: Int

    public init(tables: [String], rows: Int, cacheEntries: Int, fetchRecords: Int) {
        self.tables = tables
        self.rows = rows
        self.cacheEntries = cacheEntries
        self.fetchRecords = fetchRecords
    }
}
