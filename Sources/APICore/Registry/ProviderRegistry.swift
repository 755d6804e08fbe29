/// The providers this build of apicli knows, by name.
///
/// Built once in `main` from the generated list (see the ProviderRegistry
/// build-tool plugin); a value, never a mutable global, so tests build their own.
public struct ProviderRegistry: Sendable {
    public let providers: [any Provider]

    /// Keeps the first provider of each name, sorted by name.
    public init(_ providers: [any Provider]) {
        var seen = Set<String>()
        self.providers = providers
            .filter { seen.insert($0.descriptor.name).inserted }
            .sorted { $0.descriptor.name < $1.descriptor.name }
    }

    public var names: [String] { providers.map(\.descriptor.name) }

    public func provider(named name: String) -> (any Provider)? {
        providers.first { $0.descriptor.name == name }
    }
}
