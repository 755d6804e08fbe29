/// The providers this build of apicli knows, by name.
///
/// Built once in `main` from the generated list (see the ProviderRegistry
/// build-tool plugin); a value, never a mutable global, so tests build their own.
public struct ProviderRegistry: Sendable {
    public let providers: [any Provider]

    /// The providers sorted by name. Two with one name would shadow each other,
    /// so that is refused, naming both (`Package.swift` refuses it first, when
    /// the listed command words differ from the descriptors' names).
    public init(_ providers: [any Provider]) throws(DuplicateProviderName) {
        var seen: [String: any Provider] = [:]
        for provider in providers {
            let name = provider.descriptor.name
            if let first = seen[name] {
                throw DuplicateProviderName(name: name, first: Self.typeName(first), second: Self.typeName(provider))
            }
            seen[name] = provider
        }
        self.providers = providers.sorted { $0.descriptor.name < $1.descriptor.name }
    }

    public var names: [String] { providers.map(\.descriptor.name) }

    public func provider(named name: String) -> (any Provider)? {
        providers.first { $0.descriptor.name == name }
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
