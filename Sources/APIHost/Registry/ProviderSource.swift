/// Where the registry finds providers. Built in `main.swift`, in the order a
/// command word is looked up: the providers compiled into this build first,
/// then the providers folder.
///
/// A new kind of source (executables named `apicli-NAME` on `PATH`) is a new
/// case, answered in the functions below: nothing else in the host asks
/// a source anything.
public enum ProviderSource: Sendable {
    /// Providers compiled into this build (the generated list).
    case compiled([any Provider])
    /// Providers described at run time and read lazily (the providers folder).
    case catalog(any ProviderCatalog)

    /// The provider called `name`, if this source has one.
    func provider(named name: String) throws -> (any Provider)? {
        switch self {
        case let .compiled(providers): providers.first { $0.descriptor.name == name }
        case let .catalog(catalog): try catalog.provider(named: name)
        }
    }

    /// The provider called `name`, described for running `operation` (see
    /// ``ProviderCatalog/provider(named:running:)``); a compiled provider is always whole.
    func provider(named name: String, running operation: String?) throws -> (any Provider)? {
        switch self {
        case let .compiled(providers): providers.first { $0.descriptor.name == name }
        case let .catalog(catalog): try catalog.provider(named: name, running: operation)
        }
    }

    /// Every provider this source describes, with where it comes from; a broken
    /// description is listed with why. With `whole`, each with all its operations.
    func entries(whole: Bool = false) -> [ProviderCatalogEntry] {
        switch self {
        case let .compiled(providers):
            providers.map { ProviderCatalogEntry(name: $0.descriptor.name, origin: "compiled", provider: .success($0)) }
        case let .catalog(catalog):
            whole ? catalog.wholeEntries() : catalog.entries()
        }
    }

    /// The tables this source's providers share, if they share any.
    var sharedStorage: CatalogStorage? {
        switch self {
        case .compiled: nil
        case let .catalog(catalog): catalog.storage
        }
    }

    /// Whether this source's providers are described in files the user manages
    /// (`apicli provider show|check|remove` complete to their names).
    var hasFiles: Bool {
        switch self {
        case .compiled: false
        case .catalog: true
        }
    }
}
