import ProviderFiles

/// The providers this run of apicli knows, from its sources (see
/// ``ProviderSource``), and the one place that answers "which provider is this
/// word", "every provider" and "the command model" that help, completions and
/// the man page are generated from.
///
/// Built once in `main` from the generated list and the providers folder; a
/// value, never a mutable global, so tests build their own.
public struct ProviderRegistry: Sendable {
    /// In lookup order: compiled providers, then the providers folder.
    public let sources: [ProviderSource]
    /// The providers compiled into this build, by name.
    public let compiled: [any Provider]

    /// A registry of compiled providers alone.
    public init(_ providers: [any Provider]) throws(DuplicateProviderName) {
        try self.init(sources: [.compiled(providers)])
    }

    /// Compiled providers are sorted by name. Two with one name would shadow
    /// each other, so that is refused, naming both (`Package.swift` refuses it
    /// first, when the listed command words differ from the descriptors' names).
    public init(sources: [ProviderSource]) throws(DuplicateProviderName) {
        // Each name is taken once (a compiled provider builds its whole description on every
        // call), and looked for in a list, not a dictionary: a build links a handful of providers,
        // and the first dictionary of a run makes the runtime instantiate its type, a cost
        // `--version` need not pay (docs/design/0001-provider-registry.md).
        var compiled: [(name: String, provider: any Provider)] = []
        for case let .compiled(providers) in sources {
            for provider in providers {
                let name = provider.descriptor.name
                if let first = compiled.first(where: { $0.name == name }) {
                    throw DuplicateProviderName(
                        name: name, first: Self.typeName(first.provider), second: Self.typeName(provider))
                }
                compiled.append((name, provider))
            }
        }
        self.sources = sources
        self.compiled = compiled.sorted { $0.name < $1.name }.map(\.provider)
    }

    /// The compiled providers' names.
    public var compiledNames: [String] { compiled.map(\.descriptor.name) }

    /// A compiled provider; it never reads the providers folder.
    public func compiledProvider(named name: String) -> (any Provider)? {
        compiled.first { $0.descriptor.name == name }
    }

    /// The provider a command word names, from the first source that has it; a
    /// description that cannot be used is an error naming what to fix (exit 78).
    public func provider(named name: String) throws -> (any Provider)? {
        for source in sources {
            if let provider = try source.provider(named: name) { return provider }
        }
        return nil
    }

    /// The provider a command word names, described for running `operation` (the word
    /// after it that names one, or nil): a provider file of many operations is read for
    /// that one alone. Compiled providers are whole.
    public func provider(named name: String, running operation: String?) throws -> (any Provider)? {
        for source in sources {
            if let provider = try source.provider(named: name, running: operation) { return provider }
        }
        return nil
    }

    /// Every description of every source, broken ones included, by name.
    public var entries: [ProviderCatalogEntry] {
        sources.flatMap { $0.entries() }.sorted { $0.name < $1.name }
    }

    /// Every provider that can run, by name.
    public var allProviders: [any Provider] {
        Self.runnable(entries)
    }

    /// The one description help, completions and the man page are generated
    /// from: every provider that can run, and the names of the provider files
    /// (broken ones too, which `provider check` and `remove` are for).
    public var model: CommandLineModel { model(of: readSources()) }

    /// Each source with its descriptions, read once, so that the model and
    /// what the host lists beside it (the plugins a provider file shadows) come
    /// from one reading of the providers folder.
    /// With `whole`, every provider with all its operations (the man page); else as listings need them.
    func readSources(whole: Bool = false) -> [SourceReading] {
        sources.map { SourceReading(source: $0, entries: $0.entries(whole: whole)) }
    }

    /// The model from sources already read (see ``readSources()``).
    func model(of reading: [SourceReading]) -> CommandLineModel {
        let reserved = Self.reserved(compiled: compiled).commands
        // The bundled files are no user's files: `provider remove` does not offer them.
        let files = reading.filter(\.source.hasFiles).flatMap(\.entries).map(\.name)
            .filter { !reserved.contains($0) && ProviderDescriptor.isValidName($0) && !BundledProviderFiles.names.contains($0) }
        let entries = reading.flatMap(\.entries).sorted { $0.name < $1.name }
        return CommandLineModel(version: Host.version, providers: Self.runnable(entries).map(\.descriptor), fileProviders: files)
    }

    /// One source and the descriptions it held when it was read.
    struct SourceReading {
        var source: ProviderSource
        var entries: [ProviderCatalogEntry]
    }

    /// Who owns what in the store: every provider of every source, each with
    /// where its rows are (a broken description too: its catalog's shared
    /// tables may hold its rows), and every source's shared tables.
    public var storeLayout: StoreLayout {
        var providers: [(name: String, storage: StorageOwnership)] = []
        var shared: [CatalogStorage] = []
        for source in sources {
            let storage = source.sharedStorage
            if let storage { shared.append(storage) }
            for entry in source.entries()
            where ProviderDescriptor.canOwnStorage(entry.name) && BuiltinCommand.named(entry.name) == nil
                && !providers.contains(where: { $0.name == entry.name })
            {
                let declared = (try? entry.provider.get())?.descriptor.storageOwnership
                providers.append((entry.name, declared ?? storage?.ownership ?? .own(entry.name)))
            }
        }
        return StoreLayout(providers: providers, shared: shared)
    }

    /// What a provider described at run time cannot be called or define: the
    /// compiled providers' names, the built-in commands, and the global options.
    public static func reserved(compiled: [any Provider]) -> ReservedNames {
        // Each descriptor is built once: a compiled provider builds its whole description
        // (options, columns, help) on every call, and this runs at every start.
        let descriptors = compiled.map(\.descriptor)
        return ReservedNames(
            commands: Set(descriptors.map(\.name) + BuiltinCommand.all.map(\.name)),
            options: Set(GlobalOptions.specs.map(\.name) + [Host.versionSpec.name]),
            keyVariables: Dictionary(
                descriptors.compactMap { descriptor in descriptor.credential.map { (descriptor.name, $0.environmentVariable) } },
                uniquingKeysWith: { first, _ in first }))
    }

    private static func runnable(_ entries: [ProviderCatalogEntry]) -> [any Provider] {
        entries.compactMap { try? $0.provider.get() }
    }

    /// `NYT.NYTProvider`: the module and the type, which is what a developer must rename.
    static func typeName(_ provider: any Provider) -> String {
        String(reflecting: type(of: provider))
    }
}

/// Two providers declare one command word.
public struct DuplicateProviderName: Error, Sendable, Equatable, CustomStringConvertible {
    public var name: String
    public var first: String
    public var second: String

    public var description: String {
        "two providers are named '\(name)': \(first) and \(second); rename one"
    }
}
