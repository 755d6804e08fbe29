import APIHost
import Foundation
import Testing

@Suite("ProviderRegistry")
struct ProviderRegistryTests {
    struct Named: Provider {
        var name: String
        var descriptor: ProviderDescriptor {
            ProviderDescriptor(name: name, displayName: name, summary: "s", defaultBaseURL: URL(fileURLWithPath: "/"))
        }

        struct Records: Codable, Sendable {}
        func queries(from command: ParsedCommand) throws -> [String] { [] }
        func request(for query: String, page: Int) -> Endpoint { Endpoint(path: "/") }
        func table(_ results: [Records]) -> Table { Table(columns: []) }
    }

    struct Other: Provider {
        var descriptor: ProviderDescriptor { Named(name: "nyt").descriptor }
        struct Records: Codable, Sendable {}
        func queries(from command: ParsedCommand) throws -> [String] { [] }
        func request(for query: String, page: Int) -> Endpoint { Endpoint(path: "/") }
        func table(_ results: [Records]) -> Table { Table(columns: []) }
    }

    @Test("providers are sorted by name")
    func sorted() throws {
        let registry = try ProviderRegistry([Named(name: "weather"), Named(name: "nyt")])
        #expect(registry.compiledNames == ["nyt", "weather"])
    }

    @Test("two providers with one name are refused, naming both types")
    func duplicate() {
        #expect {
            _ = try ProviderRegistry([Named(name: "nyt"), Named(name: "weather"), Other()])
        } throws: { error in
            let text = String(describing: error)
            return text.contains("'nyt'") && text.contains("Named") && text.contains("Other")
        }
    }

    /// A catalog of one provider and one broken description, counting lookups.
    struct Catalog: ProviderCatalog {
        func provider(named name: String) throws(ProviderFailure) -> (any Provider)? {
            switch name {
            case "hn", "nyt": return Named(name: name)
            case "broken": throw .misdescribed("broken.json: name: missing")
            default: return nil
            }
        }

        func entries() -> [ProviderCatalogEntry] {
            [
                ProviderCatalogEntry(name: "hn", origin: "/p/hn.json", provider: .success(Named(name: "hn"))),
                ProviderCatalogEntry(name: "broken", origin: "/p/broken.json", provider: .failure(.misdescribed("bad"))),
            ]
        }
    }

    @Test("a word is looked up in the sources in order: a compiled provider wins over a description")
    func lookupOrder() throws {
        let registry = try ProviderRegistry(sources: [.compiled([Named(name: "nyt")]), .catalog(Catalog())])
        #expect(try registry.provider(named: "hn")?.descriptor.name == "hn")
        #expect(try registry.provider(named: "nope") == nil)
        #expect(registry.compiledProvider(named: "hn") == nil, "hn is not compiled in")
        #expect(throws: ProviderFailure.misdescribed("broken.json: name: missing")) { try registry.provider(named: "broken") }
        let origins = registry.entries.map { "\($0.name) \($0.origin)" }
        #expect(origins == ["broken /p/broken.json", "hn /p/hn.json", "nyt compiled"])
    }

    @Test("the command model has every runnable provider, and every described name for the provider commands")
    func model() throws {
        let registry = try ProviderRegistry(sources: [.compiled([Named(name: "nyt")]), .catalog(Catalog())])
        let model = registry.model
        #expect(model.providers.map(\.name) == ["hn", "nyt"])
        #expect(model.fileProviders == ["hn", "broken"])
        #expect(registry.allProviders.map(\.descriptor.name) == ["hn", "nyt"])
    }
}
