import Foundation
import Testing
import TestSupport

/// Imported parameters as the document means them, through the host to a loopback
/// server: a `pattern` (NYT Books' `current`), an optional search parameter (PokeAPI's
/// `q`), an enum longer than a hundred (NWS's forecast offices), and what
/// `provider show --format json` says of each, which is what a run enforces.
@Suite("Imported parameters as the document means them, through the host")
struct DeclaredParametersHostTests {
    static func corpus(_ name: String) -> String {
        Fixtures.realRoot.appendingPathComponent("openapi-corpus/\(name)").path
    }

    /// A host whose provider `name` is served by `server`.
    static func host(_ name: String, at server: LoopbackServer) throws -> ProviderFilesHost {
        try ProviderFilesHost(variables: ProviderFilesHost.baseURL(for: name, at: server), overHTTP: true)
    }

    /// The operation `name` of `provider show NAME --format json`.
    static func shown(_ provider: String, operation: String, on host: ProviderFilesHost) async throws -> [String: Any] {
        let show = await host.run(["provider", "show", provider, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        let operations = try #require(object["operations"] as? [[String: Any]])
        // By its name, or by the full operationId an import keeps as an alias when it shortens the name.
        return try #require(
            operations.first { $0["name"] as? String == operation || ($0["aliases"] as? [String] ?? []).contains(operation) },
            "\(operations.map { $0["name"] ?? "" })")
    }

    @Test("NYT Books (YAML): {date} takes current as its pattern allows; a date goes as the file's format; a bad value is one line naming the pattern")
    func booksCurrent() async throws {
        let server = try LoopbackServer { _ in .json(Data(#"{"status": "OK", "results": {"list_name": "Hardcover Fiction", "books": []}}"#.utf8)) }
        defer { server.stop() }
        let host = try Self.host("books", at: server)
        let add = await host.run(["provider", "add", "books", "--openapi", Self.corpus("nyt_books_api.yaml")])
        #expect(add.code == .success, "\(add.stderr)")
        let env = ["BOOKS_API_KEY": "booksKEY-e2e-9a41c2"]
        let operation = "get-lists-date-list-json"

        let current = await host.run(["books", operation, "current", "hardcover-fiction", "--json"], set: env)
        #expect(current.code == .success, "\(current.stderr)")
        let typed = await host.run(["books", operation, "20240131", "hardcover-fiction", "--json"], set: env)
        #expect(typed.code == .success, "\(typed.stderr)")
        #expect(server.requests.map(\.path) == [
            "/svc/books/v3/lists/current/hardcover-fiction.json", "/svc/books/v3/lists/2024-01-31/hardcover-fiction.json",
        ])

        for bad in ["yesterday", "2024-02-30", "current2"] {
            let run = await host.run(["books", operation, bad, "hardcover-fiction"], set: env)
            #expect(run.code == .usage, "\(bad): \(run.stderr)")
            #expect(run.isOneErrorLine && run.stderr.contains("'\(bad)'"), "\(run.stderr)")
        }
        let refused = await host.run(["books", operation, "yesterday", "hardcover-fiction"], set: env)
        #expect(refused.stderr.contains(#"^(\d{4}-\d{2}-\d{2}|current)$"#), "the line names the pattern: \(refused.stderr)")
        #expect(server.requests.count == 2, "nothing refused was sent")

        // What the run enforces is what scripts read.
        let shown = try await Self.shown("books", operation: operation, on: host)
        let date = try #require((shown["arguments"] as? [[String: Any]])?.first)
        #expect(date["pattern"] as? String == #"^(\d{4}-\d{2}-\d{2}|current)$"#)
        #expect(date["format"] as? String == "yyyy-MM-dd")
    }

    @Test("NYT Books: a required parameter with a declared default (list=hardcover-fiction) is sent with it when not given")
    func requiredWithDefault() async throws {
        let server = try LoopbackServer { _ in .json(Data(#"{"status": "OK", "num_results": 0, "results": []}"#.utf8)) }
        defer { server.stop() }
        let host = try Self.host("books", at: server)
        let add = await host.run(["provider", "add", "books", "--openapi", Self.corpus("nyt_books_api.yaml")])
        #expect(add.code == .success, "\(add.stderr)")
        let env = ["BOOKS_API_KEY": "booksKEY-e2e-9a41c2"]
        let plain = await host.run(["books", "get-lists-format"], set: env)
        #expect(plain.code == .success, "\(plain.stderr)")
        #expect(server.requests.last?.query("list") == "hardcover-fiction", "the API requires list: \(server.requests.last?.target ?? "")")
        let chosen = await host.run(["books", "get-lists-format", "--list", "e-book-fiction"], set: env)
        #expect(chosen.code == .success, "\(chosen.stderr)")
        #expect(server.requests.last?.query("list") == "e-book-fiction")
        let shown = try await Self.shown("books", operation: "get-lists-format", on: host)
        let list = try #require((shown["options"] as? [[String: Any]])?.first { $0["parameter"] as? String == "list" })
        #expect(list["default"] as? String == "hardcover-fiction" && list["required"] as? Bool == false, "\(list)")
    }

    @Test("PokeAPI: an optional q is optional words; pokemon-list runs without them and sends no q")
    func pokemonList() async throws {
        let answer = Data(#"{"count": 1, "next": null, "previous": null, "results": [{"name": "bulbasaur", "url": "https://pokeapi.co/api/v2/pokemon/1/"}]}"#.utf8)
        let server = try LoopbackServer { _ in .json(answer) }
        defer { server.stop() }
        let host = try Self.host("poke", at: server)
        let add = await host.run(["provider", "add", "poke", "--openapi", Self.corpus("pokeapi_openapi.yml")])
        #expect(add.code == .success, "\(add.stderr)")

        let bare = await host.run(["poke", "pokemon-list", "--json"])
        #expect(bare.code == .success, "\(bare.stderr)")
        #expect(bare.stdout.contains("bulbasaur"))
        let first = try #require(server.requests.last)
        #expect(first.path == "/api/v2/pokemon/")
        #expect(first.query("q") == nil, "no words, no q: \(first.target)")

        let searched = await host.run(["poke", "pokemon-list", "bulba", "--json"])
        #expect(searched.code == .success, "\(searched.stderr)")
        #expect(server.requests.last?.query("q") == "bulba")

        let shown = try await Self.shown("poke", operation: "pokemon-list", on: host)
        #expect(shown["words"] as? String == "q")
        #expect(shown["wordsOptional"] as? Bool == true)
        let help = await host.run(["help", "poke", "pokemon-list"])
        #expect(help.stdout.contains("[<words>...]") || help.stdout.contains("[<words>…]") || help.stdout.contains("[words"),
                "help shows the words as optional: \(help.stdout)")
    }

    @Test("an enum of 131 forecast offices imports as a choice and is enforced; provider show gives every range, pattern and default")
    func longEnum() async throws {
        let forecast = try Fixtures.real(NWSLikeDocument.forecastAnswer)
        let server = try LoopbackServer { _ in .json(forecast) }
        defer { server.stop() }
        let host = try Self.host("nws", at: server)
        let document = host.home.path("nws.json")
        try Data(NWSLikeDocument.text().utf8).write(to: URL(fileURLWithPath: document))
        let add = await host.run(["provider", "add", "nws", "--openapi", document])
        #expect(add.code == .success, "\(add.stderr)")
        #expect(!add.stderr.contains("left out"), "\(add.stderr)")

        let shown = try await Self.shown("nws", operation: "gridpoint-forecast", on: host)
        let arguments = try #require(shown["arguments"] as? [[String: Any]])
        #expect(arguments.map { $0["parameter"] as? String } == ["wfo", "x", "y"])
        #expect((arguments[0]["choices"] as? [String])?.count == 131)
        #expect(arguments[1]["minimum"] as? Int == 0 && arguments[1]["maximum"] is NSNull, "\(arguments[1])")
        let options = try #require(shown["options"] as? [[String: Any]])
        let units = try #require(options.first { $0["name"] as? String == "units" })
        #expect(units["apiDefault"] as? String == "us", "the document's default, shown: \(units)")
        #expect(units["default"] is NSNull, "and not sent")

        let run = await host.run(["nws", "gridpoint-forecast", NWSLikeDocument.offices[130], "58", "65", "--json"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(server.requests.last?.path == "/gridpoints/\(NWSLikeDocument.offices[130])/58,65/forecast")
        #expect(server.requests.last?.query("units") == nil, "the API's default is not sent")

        let before = server.requests.count
        let unknown = await host.run(["nws", "gridpoint-forecast", "ZZZ", "58", "65"])
        #expect(unknown.code == .usage && unknown.isOneErrorLine, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("131 in all"), "a long list is not printed whole: \(unknown.stderr)")
        let outside = await host.run(["nws", "gridpoint-forecast", "TAE", "-1", "65"])
        #expect(outside.code == .usage && outside.stderr.contains("from 0 to"), "the range shown is enforced: \(outside.stderr)")
        #expect(server.requests.count == before)
    }
}
