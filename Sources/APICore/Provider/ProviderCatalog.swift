/// Providers described at run time rather than compiled in (a folder of
/// provider files), as the host's registry sees them: looked up by name and
/// read lazily, so running one reads one description, and listed whole only by
/// the commands that show every provider.
///
/// The registry holds a catalog as one of its sources; the engine that reads
/// the descriptions conforms, and the host never names its types.
public protocol ProviderCatalog: Sendable {
    /// The provider called `name`; nil when the catalog describes none by that
    /// name. A description that cannot be used is ``ProviderFailure/misdescribed(_:)``,
    /// naming what to fix (exit 78).
    func provider(named name: String) throws(ProviderFailure) -> (any Provider)?

    /// The provider called `name`, described enough to run `operation` (the word the
    /// command line names it by; nil: none, as for its help page): a catalog may describe
    /// its other operations by name, summary and path alone, without arguments or options,
    /// so that running one of thousands reads one. By default ``provider(named:)``.
    func provider(named name: String, running operation: String?) throws(ProviderFailure) -> (any Provider)?

    /// Every description, by name, broken ones included (`apicli provider list`
    /// shows them, `provider check` and `remove` complete to them). What listings
    /// need: a provider's operations may be left out, to be described by
    /// ``provider(named:running:)``.
    func entries() -> [ProviderCatalogEntry]

    /// Every description whole, operations included (the man page); by default ``entries()``.
    func wholeEntries() -> [ProviderCatalogEntry]

    /// The tables the catalog's providers share, if they share any; nil by default.
    var storage: CatalogStorage? { get }
}

extension ProviderCatalog {
    public var storage: CatalogStorage? { nil }

    public func provider(named name: String, running operation: String?) throws(ProviderFailure) -> (any Provider)? {
        try provider(named: name)
    }

    public func wholeEntries() -> [ProviderCatalogEntry] { entries() }
}

/// One description in a catalog: its provider, or why it has none.
public struct ProviderCatalogEntry: Sendable {
    /// The command word the description claims (its file name).
    public var name: String
    /// Where it is described (a file's path), for listings.
    public var origin: String
    public var provider: Result<any Provider, ProviderFailure>

    public init(name: String, origin: String, provider: Result<any Provider, ProviderFailure>) {
        self.name = name
        self.origin = origin
        self.provider = provider
    }
}
