import APICore
import Foundation

/// The smallest provider a host test needs: one word in, a `Codable` list of
/// records out (so the kit's defaults decode, store, load and render it), with
/// its name, key and failure reading as the test says. Host behaviour is
/// tested on it in-process, without NYT or Weather.
public struct StubProvider: Provider {
    public struct Query: Sendable, Hashable {
        public var words: String
        /// The declared options' values, sent as query items of the same names.
        public var options: [String: String] = [:]
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
    /// Options it declares, for tests of what the host does with them (help, choices,
    /// `config set`, where a value comes from); each value given is sent as a query item.
    public var options: [OptionSpec]
    /// How an unsuccessful answer reads; nil leaves it to the host.
    public var reading: @Sendable (Int, Data) -> ProviderFailure?
    /// How the host signs in for the key, when set: the key is then a bearer token (OAuth2).
    public var oauth2: OAuth2SignIn? = nil

    public init(
        name: String = "stub", keyVariable: String? = nil, options: [OptionSpec] = [],
        reading: @escaping @Sendable (Int, Data) -> ProviderFailure? = { _, _ in nil }
    ) {
        self.name = name
        self.keyVariable = keyVariable
        self.options = options
        self.reading = reading
    }

    /// A value option with closed choices, and one whose value the stub checks itself (letters
    /// only), both settable with `config set`.
    public static let sampleOptions: [OptionSpec] = [
        .value("units", valueName: "UNITS", help: "Units of the records.", choices: ["metric", "imperial", "standard"],
               configurable: true),
        .value("lang", valueName: "LANG", help: "Language of the titles.", configurable: true),
    ]

    public var descriptor: ProviderDescriptor {
        ProviderDescriptor(
            name: name, displayName: "Stub", summary: "Records by word, for tests.",
            arguments: [ArgumentSpec("words", help: "What to look for.", variadic: true)], options: options,
            defaultBaseURL: URL(string: "https://stub.invalid")!,
            credential: keyVariable.map { variable in
                var spec = CredentialSpec(
                    placement: oauth2 == nil ? .query("key") : .bearer, environmentVariable: variable, signupURL: "https://stub.invalid/keys")
                spec.oauth2 = oauth2
                return spec
            })
    }

    public func queries(from command: ParsedCommand) throws -> [Query] {
        guard !command.arguments.isEmpty else { throw UsageError("give the words to look for") }
        // A value only the provider can judge, as NYT judges a date and Weather a count.
        if let lang = command.value("lang"), !lang.allSatisfy(\.isLetter) {
            throw UsageError("--lang takes a language code such as 'en', not '\(lang)'")
        }
        let given = options.compactMap { option in command.value(option.name).map { (option.name, $0) } }
        return [Query(words: command.arguments.joined(separator: " "), options: Dictionary(given, uniquingKeysWith: { first, _ in first }))]
    }

    public func request(for query: Query, page: Int) -> Endpoint {
        Endpoint(path: "/records", query: [QueryItem("q", query.words)] + query.options.sorted { $0.key < $1.key }.map { QueryItem($0.key, $0.value) })
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
