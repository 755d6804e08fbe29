import APICore
import Foundation

/// The smallest provider a host test needs: one word in, a `Codable` list of
/// records out (so the kit's defaults decode, store, load and render it), with
/// its name, key and failure reading as the test says. Host behaviour is
/// tested on it in-process, without NYT or Weather.
public struct StubProvider: Provider {
    public struct Query: Sendable, Hashable {
        public var words: String
    }

    public struct Record: Codable, Sendable, Hashable {
        public var id: String
        public var title: String

        public init(id: String, title: String) {
            self.id = id
            self.title = title
        }
    }

    public typealias Response = [Record]

    public var name: String
    /// The key's variable, sent as the `key` query parameter; nil for a keyless API.
    public var keyVariable: String?
    /// How an unsuccessful answer reads; nil leaves it to the host.
    public var reading: @Sendable (Int, Data) -> ProviderFailure?

    public init(
        name: String = "stub", keyVariable: String? = nil,
        reading: @escaping @Sendable (Int, Data) -> ProviderFailure? = { _, _ in nil }
    ) {
        self.name = name
        self.keyVariable = keyVariable
        self.reading = reading
    }

    public var descriptor: ProviderDescriptor {
        ProviderDescriptor(
            name: name, displayName: "Stub", summary: "Records by word, for tests.",
            arguments: [ArgumentSpec("words", help: "What to look for.", variadic: true)],
            defaultBaseURL: URL(string: "https://stub.invalid")!,
            credential: keyVariable.map { CredentialSpec(parameter: "key", environmentVariable: $0, signupURL: "https://stub.invalid/keys") })
    }

    public func queries(from command: ParsedCommand) throws -> [Query] {
        guard !command.arguments.isEmpty else { throw UsageError("give the words to look for") }
        return [Query(words: command.arguments.joined(separator: " "))]
    }

    public func request(for query: Query, page: Int) -> Endpoint {
        Endpoint(path: "/records", query: [QueryItem("q", query.words)])
    }

    public func failure(status: Int, body: Data, for query: Query) -> ProviderFailure? {
        reading(status, body)
    }

    public func label(for query: Query) -> String { query.words }

    public var capabilities: Capabilities<Self> {
        Capabilities(failure: failure(status:body:for:), label: label(for:))
    }

    public func table(_ results: [[Record]]) -> Table {
        Table(columns: [Table.Column("ID"), Table.Column("TITLE")], rows: results.flatMap { $0.map { [$0.id, $0.title] } })
    }
}
