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
        #expect(registry.names == ["nyt", "weather"])
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
}
