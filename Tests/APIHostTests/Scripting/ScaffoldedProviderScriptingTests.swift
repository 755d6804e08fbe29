import APIHost
import Foundation
import Synchronization
import TestSupport
import Testing

/// A provider written the way `swift package new-provider` writes one — a
/// `Codable` response, no items, schema or template declared — gets
/// `--fields`, `--format line`, `--new` and `--fail-empty` with no code of its own.
@Suite("Scripting flags on a scaffolded-style provider")
struct ScaffoldedProviderScriptingTests {
    struct Things: Provider {
        struct Query: Sendable, Hashable { var words: String }
        struct Thing: Codable, Sendable {
            var id: Int
            var name: String
            var owner: Owner
            struct Owner: Codable, Sendable { var login: String }
        }
        typealias Response = [Thing]

        var descriptor: ProviderDescriptor {
            ProviderDescriptor(
                name: "things", displayName: "Things", summary: "Things by word.",
                arguments: [ArgumentSpec("words", help: "What to look for.", variadic: true)],
                defaultBaseURL: URL(fileURLWithPath: "/"))
        }

        func queries(from command: ParsedCommand) throws -> [Query] {
            [Query(words: command.arguments.joined(separator: " "))]
        }

        func request(for query: Query, page: Int) -> Endpoint {
            Endpoint(path: "/things", query: [QueryItem("q", query.words)])
        }

        func label(for query: Query) -> String { query.words }

        var capabilities: Capabilities<Self> { Capabilities(label: label(for:)) }

        func table(_ results: [[Thing]]) -> Table {
            Table(columns: [Table.Column("NAME")], rows: results.flatMap { $0.map { [$0.name] } })
        }
    }

    /// Runs `apicli things …` in-process against `server`, with the store in `directory`.
    static func run(_ words: [String], server: LoopbackServer, directory: TemporaryDirectory) async throws
        -> (code: ExitCode, out: String, err: String) {
        let console = CapturingConsole()
        let variables = [
            "APICLI_THINGS_BASE_URL": server.baseURL.absoluteString, "APICLI_DB": directory.path("store.sqlite3"),
            "XDG_CONFIG_HOME": directory.path("config"), "XDG_DATA_HOME": directory.path("data"), "HOME": directory.path(),
        ]
        let host = Host(registry: try ProviderRegistry([Things()]), environment: HostEnvironment(variables: variables, console: console))
        let code = await host.run(["things"] + words)
        return (code, console.stdout, console.stderr)
    }

    static let two = #"[{"id": 1, "name": "one", "owner": {"login": "ann"}}, {"id": 2, "name": "two\u001b[2J\u202e", "owner": {"login": "bob"}}]"#
    static let three = #"[{"id": 3, "name": "three", "owner": {"login": "cy"}}, "#
        + #"{"id": 1, "name": "one", "owner": {"login": "ann"}}, {"id": 2, "name": "two", "owner": {"login": "bob"}}]"#

    @Test("--fields, line, --new and --fail-empty from the JSON elements alone")
    func scriptingWithoutProviderCode() async throws {
        let answers = Mutex([Self.two, Self.three, Self.three])
        let server = try LoopbackServer { _ in
            .json(answers.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] })
        }
        defer { server.stop() }
        let directory = try TemporaryDirectory(prefix: "scaffold-scripting")

        let csv = try await Self.run(["x", "--fields", "owner.login,id", "--format", "csv"], server: server, directory: directory)
        #expect(csv.code == .success, "\(csv.err)")
        #expect(csv.out == "owner.login,id\r\nann,1\r\nbob,2\r\n")

        let json = try await Self.run(["x", "--fields", "owner.login", "--format", "ndjson", "--offline"], server: server, directory: directory)
        #expect(json.out == #"{"owner":{"login":"ann"}}"# + "\n" + #"{"owner":{"login":"bob"}}"# + "\n")

        let line = try await Self.run(["x", "--format", "line", "--offline"], server: server, directory: directory)
        #expect(line.out == "1  one  ann\n2  two  bob\n", "the default line: the first three fields, cleaned")

        let unknown = try await Self.run(["x", "--fields", "nope", "--offline"], server: server, directory: directory)
        #expect(unknown.code == .usage)
        #expect(unknown.err.contains("available: id, name, owner.login"))

        let help = try await Self.run(["x", "--fields", "help", "--offline"], server: server, directory: directory)
        #expect(help.out.contains("owner.login  text, e.g. ann"))
        #expect(help.out.contains("id           number, e.g. 1"))

        let new = try await Self.run(["x", "--new", "--template", "{id} {name:3}", "--refresh"], server: server, directory: directory)
        #expect(new.code == .success, "\(new.err)")
        #expect(new.out == "3 th…\n")

        let none = try await Self.run(["x", "--new", "--fail-empty", "--refresh"], server: server, directory: directory)
        #expect(none.code == .empty)
        #expect(none.out.isEmpty)
    }
}
