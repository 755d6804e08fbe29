/// Who owns what in the store, as the providers declare it
/// (``ProviderDescriptor/storageOwnership``, ``ProviderCatalog/storage``):
/// what `store info` counts, what `store clear` deletes and how `store schema`
/// groups tables. Built by the registry; nothing in it is a special case.
public struct StoreLayout: Sendable {
    /// The providers asked about, in order, each with where its rows are.
    public var providers: [(name: String, storage: StorageOwnership)]
    /// Every owner of tables, once each: the providers' and the catalogs' shared ones.
    public var owners: [StorageOwnership]
    /// The schemas of shared tables, migrated even when no provider of theirs is left.
    public var sharedMigrations: [CatalogStorage]

    public init(
        providers: [(name: String, storage: StorageOwnership)], shared: [CatalogStorage] = []
    ) {
        self.providers = providers
        var owners: [StorageOwnership] = []
        for storage in providers.map(\.storage) + shared.map(\.ownership) where !owners.contains(storage) {
            owners.append(storage)
        }
        self.owners = owners
        self.sharedMigrations = shared
    }

    /// Providers with tables of their own, `<name>_…` each.
    public init(providers names: [String]) {
        self.init(providers: names.map { ($0, .own($0)) })
    }

    /// The owners' names, which are also their tables' prefixes.
    var ownerNames: [String] { owners.map(\.owner) }

    /// Where `provider`'s rows are; a provider not asked about owns its own tables.
    func storage(of provider: String) -> StorageOwnership {
        providers.first { $0.name == provider }?.storage ?? .own(provider)
    }

    /// The owner whose `<owner>_` prefix is the longest match for `table`, if any.
    func owner(of table: String) -> StorageOwnership? {
        owners.filter { table.hasPrefix($0.owner + "_") }.max { $0.owner.count < $1.owner.count }
    }
}
