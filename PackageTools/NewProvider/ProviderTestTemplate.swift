/// `Tests/<Module>Tests/`: tests that run the new provider against a loopback
/// server, a sample answer in `Fixtures/`, and the shared conformance suite.
struct ProviderTestTemplate {
    let request: ScaffoldRequest

    init(_ request: ScaffoldRequest) {
        self.request = request
    }

    var files: [GeneratedFile] {
        let folder = "Tests/\(request.name.module)Tests"
        return [
            GeneratedFile(path: "\(folder)/\(request.name.module)Tests.swift", text: tests),
            GeneratedFile(path: "\(folder)/Fixtures/sample.json", text: sample),
        ]
    }

    /// Two records, wrapped the way `--items-key` says the API wraps them.
    var sample: String {
        let records = """
            [
              {"id": 1, "name": "First sample", "score": 4.5, "tags": ["a", "b"]},
              {"id": 2, "name": "Second sample", "score": 3, "tags": []}
            ]
            """
        guard let key = request.itemsKey else { return records + "\n" }
        return key.split(separator: ".").reversed().reduce(records) { inner, part in
            "{\"\(part)\": \(inner)}"
        } + "\n"
    }

    private var tests: String {
        let name = request.name
        let keyLine = request.keyVariable.map { "\n            \(literal($0)): key," } ?? ""
        return """
            import APIHost
            import Foundation
            import ProviderConformance
            import TestSupport
            import Testing

            @testable import \(name.module)

            /// The sample answers in `Fixtures/`: add a real response from the API there.
            let sampleAnswers = (try? Fixtures.files(
                in: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures"),
                withExtension: "json")) ?? []

            @Test func meetsTheProviderContract() async {
                await Conformance.expect(\(name.module)Provider(), arguments: ["hello"], fixtures: sampleAnswers)
            }

            @Suite struct \(name.module)CommandTests {
                let provider = \(name.module)Provider()

                @Test func decodesTheSampleRecords() throws {
                    var warnings: [String] = []
                    let body = try Data(contentsOf: try #require(sampleAnswers.first))
                    let response = try provider.decode(body, for: "hello", warnings: &warnings)
                    #expect(response.items.count == 2)
                    #expect(provider.table([response]).columns.map(\\.title) == ["id", "name", "score"])
                }

                @Test func noWordsIsAUsageError() {
                    #expect(throws: UsageError.self) { try provider.queries(from: ParsedCommand(arguments: [])) }
                }

                @Test func runsAgainstALoopbackServer() async throws {
                    let body = try Data(contentsOf: try #require(sampleAnswers.first))
                    let server = try LoopbackServer(routes: [\(literal(request.path)): [.json(body)]])
                    defer { server.stop() }
                    let directory = try TemporaryDirectory(prefix: "\(name.cli)-tests")
                    let key = "test-key-\\(UUID().uuidString)"
                    let console = CapturingConsole()
                    let variables = [
                        "APICLI_\(name.environmentStem)_BASE_URL": server.baseURL.absoluteString,\(keyLine)
                        "APICLI_DB": directory.path("store.sqlite3"),
                        "XDG_CONFIG_HOME": directory.path("config"),
                    ]
                    let host = Host(
                        registry: try ProviderRegistry([provider]),
                        environment: HostEnvironment(variables: variables, console: console))

                    let code = await host.run([\(literal(name.cli)), "c++", "&", "rust", "--format", "json"])

                    #expect(code == .success, "\\(console.stderr)")
                    let records = try JSONSerialization.jsonObject(with: Data(console.stdout.utf8)) as? [[String: Any]]
                    #expect(records?.map { $0["name"] as? String } == ["First sample", "Second sample"])
                    let sent = try #require(server.requests.first)
                    #expect(sent.query(\(literal(request.queryParameter))) == "c++ & rust")
                    #expect(!console.stdout.contains(key) && !console.stderr.contains(key))
                }
            }

            """
    }
}
