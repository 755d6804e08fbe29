import APICore
import Synchronization

/// A catalog made the first time the registry asks it anything, then kept.
///
/// The providers folder's catalog needs the folder's location (four environment variables
/// and a path) and the names its files cannot take (every compiled provider's description):
/// together a large part of `apicli --version`'s work (docs/design/0001-provider-registry.md),
/// though `--version`, help for one provider and a compiled provider's run never read the folder.
/// Only commands that list every provider, or name one the compiled list lacks, make it.
final class DeferredCatalog: ProviderCatalog {
    private let make: @Sendable () -> any ProviderCatalog
    private let made = Mutex<(any ProviderCatalog)?>(nil)

    init(_ make: @escaping @Sendable () -> any ProviderCatalog) {
        self.make = make
    }

    /// The catalog, made once; a second caller waits for the first.
    var catalog: any ProviderCatalog {
        made.withLock { made in
            if let made { return made }
            let catalog = make()
            made = catalog
            return catalog
        }
    }

    func provider(named name: String) throws(ProviderFailure) -> (any Provider)? {
        try catalog.provider(named: name)
    }

    func provider(named name: String, running operation: String?) throws(ProviderFailure) -> (any Provider)? {
        try catalog.provider(named: name, running: operation)
    }

    func entries() -> [ProviderCatalogEntry] {
        catalog.entries()
    }

    func wholeEntries() -> [ProviderCatalogEntry] {
        catalog.wholeEntries()
    }

    var storage: CatalogStorage? { catalog.storage }
}
