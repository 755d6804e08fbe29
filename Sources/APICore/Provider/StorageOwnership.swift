/// Which rows of the store are a provider's, said as data so that `store info`,
/// `store schema`, `store clear` and `provider remove` find them with no
/// special case in the host.
///
/// Most providers own tables of their own, named `<name>_…` and migrated under
/// their name: that is the default, ``own(_:)``. The provider-files engine owns
/// its tables under one owner for every file it serves, with a column naming
/// whose row each is: ``shared``.
public struct StorageOwnership: Sendable, Hashable {
    /// The owner of the migrations in `apicli_migrations`, and the prefix of
    /// its tables: `<owner>_…`.
    public var owner: String
    /// Set when the owner's tables hold the rows of several providers.
    public var shared: SharedRows?
    /// The owner's tables of item versions, which `apicli store sync` exchanges with a team database.
    public var versionTables: [VersionTable]

    public init(owner: String, shared: SharedRows? = nil, versionTables: [VersionTable] = []) {
        self.owner = owner
        self.shared = shared
        self.versionTables = versionTables
    }

    /// Tables named `<name>_…`, every row of them the provider's.
    public static func own(_ name: String) -> StorageOwnership {
        StorageOwnership(owner: name)
    }

    /// Tables that several providers share, each row naming its provider.
    public struct SharedRows: Sendable, Hashable {
        /// The tables a provider's rows are deleted from, in order (children
        /// first); a full-text index kept by triggers follows its table.
        public var tables: [String]
        /// The column that holds the provider's name.
        public var providerColumn: String

        public init(tables: [String], providerColumn: String) {
            self.tables = tables
            self.providerColumn = providerColumn
        }
    }
}

/// The tables a catalog's providers share and their schema, so that the store
/// knows them, and migrates them, even when the catalog has no provider left.
public struct CatalogStorage: Sendable {
    public var ownership: StorageOwnership
    public var migrations: [Migration]

    public init(ownership: StorageOwnership, migrations: [Migration]) {
        self.ownership = ownership
        self.migrations = migrations
    }
}
