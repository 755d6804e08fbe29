import APICore

/// The providers folder as the host's registry sees it: a ``ProviderCatalog``
/// whose broken files are ``ProviderFailure/misdescribed(_:)``, so the host
/// reports them (exit 78) without knowing what a provider file is.
public struct ProviderFileCatalog: ProviderCatalog {
    public let directory: ProviderDirectory

    public init(_ directory: ProviderDirectory) {
        self.directory = directory
    }

    public func provider(named name: String) throws(ProviderFailure) -> (any Provider)? {
        do {
            return try directory.provider(named: name)
        } catch {
            throw .misdescribed(error.description)
        }
    }

    /// The provider described for running one operation: from the folder's index when it is current.
    public func provider(named name: String, running operation: String?) throws(ProviderFailure) -> (any Provider)? {
        do {
            return try directory.provider(named: name, running: operation)
        } catch {
            throw .misdescribed(error.description)
        }
    }

    /// The engine's tables, which every provider file's rows share.
    public var storage: CatalogStorage? { FileItemSchema.storage }

    /// Every file as listings need it, from the folder's index (``ProviderDirectory/listedEntries()``).
    public func entries() -> [ProviderCatalogEntry] {
        directory.listedEntries()
    }

    /// Every file read whole, each operation described: what the man page shows.
    public func wholeEntries() -> [ProviderCatalogEntry] {
        directory.entries().map { entry in
            ProviderCatalogEntry(
                name: entry.name, origin: entry.path,
                provider: entry.result.mapError { .misdescribed($0.description) })
        }
    }
}
