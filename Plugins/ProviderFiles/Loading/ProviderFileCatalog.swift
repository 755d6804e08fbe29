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

    /// The engine's tables, which every provider file's rows share.
    public var storage: CatalogStorage? { FileItemSchema.storage }

    public func entries() -> [ProviderCatalogEntry] {
        directory.entries().map { entry in
            ProviderCatalogEntry(
                name: entry.name, origin: entry.path,
                provider: entry.result.mapError { .misdescribed($0.description) })
        }
    }
}
