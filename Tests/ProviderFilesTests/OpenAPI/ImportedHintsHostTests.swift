import Foundation
import Testing
import TestSupport

/// What a person is told after an import and how `apicli api` takes the paths the document
/// writes: `add` ends with how to run the operation with its real arguments, and a path as
/// the document writes it (its server's base path left out) gets that base path once.
@Suite("After an import: the hint and the document's paths")
struct ImportedHintsHostTests {
    static let topStories = Fixtures.realRoot.appendingPathComponent("openapi-corpus/nyt_top_stories_v2.yaml").path
    static let search = Fixtures.realRoot.appendingPathComponent("openapi-corpus/nyt_article_search_v2.yaml").path
    static let stripe = Fixtures.realRoot.appendingPathComponent("openapi-corpus/stripe_spec3_2023-09.yaml").path

    @Test("add's closing line names the operation's real arguments, and an argument's values")
    func hint() async throws {
        let host = try ProviderFilesHost()
        let top = await host.run(["provider", "add", "top", "--openapi", Self.topStories])
        #expect(top.code == .success, "\(top.stderr)")
        #expect(top.stderr.contains("try 'apicli top <section>' (<section>: arts, automobiles, books, business, fashion, food, … 26 in all)"),
                "\(top.stderr)")
        #expect(!top.stderr.contains("WORDS"))
        let words = await host.run(["provider", "add", "search", "--openapi", Self.search])
        #expect(words.stderr.contains("try 'apicli search <words>'"), "\(words.stderr)")
    }

    @Test("the provider's summary is the document's title with the imported operation's, never one left out")
    func summary() async throws {
        let host = try ProviderFilesHost()
        let path = host.home.path("api.json")
        let document = """
            {"openapi": "3.0.0", "info": {"title": "Things <b>API</b>"}, "servers": [{"url": "https://things.invalid"}],
             "paths": {
               "/count": {"get": {"summary": "Count the things.", "responses": {"200": {"content": {"application/json": {"schema": {"type": "integer"}}}}}}},
               "/things": {"get": {"description": "<p>Lists the things (e.g. chairs). Paged.</p>", "responses": {"200": {"content": {"application/json": {"schema":
                 {"type": "object", "properties": {"things": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}}}}}}}}}}
             }}
            """
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        let add = await host.run(["provider", "add", "things", "--openapi", path])
        #expect(add.code == .success && add.stderr.contains("left out GET /count"), "\(add.stderr)")
        let listed = await host.run(["providers"])
        #expect(listed.stdout.contains("things  Things API: Lists the things (e.g. chairs)."), "\(listed.stdout)")
        #expect(!listed.stdout.contains("Count"))
    }

    @Test("api takes a path as the document writes it and adds the base path once; any other path goes as given")
    func documentPaths() async throws {
        let answers = ScriptedAnswers()
        answers.add(.json(#"{"results": []}"#)) { _ in true }
        let host = try answers.host()
        _ = await host.run(["provider", "add", "top", "--openapi", Self.topStories])
        let key = ["TOP_API_KEY": "top-key-0123456789"]
        for (given, sent) in [
            ("/home.json", "/svc/topstories/v2/home.json"),
            ("/svc/topstories/v2/home.json", "/svc/topstories/v2/home.json"),
            ("/svc/mostpopular/v2/viewed/1.json", "/svc/mostpopular/v2/viewed/1.json"),
        ] {
            let run = await host.run(["api", "top", given], set: key)
            #expect(run.code == .success, "\(given): \(run.stderr)")
            #expect(host.requests.last?.sentPath == sent, "\(given) → \(host.requests.last?.sentPath ?? "")")
        }
    }

    @Test("a base URL with a path of its own: the path given with it is sent with it once")
    func baseURLPath() async throws {
        let answers = ScriptedAnswers()
        answers.add(.json(#"{"response": {"docs": []}}"#)) { _ in true }
        let host = try answers.host()
        let text = SearchAPIs.wikiFile
            .replacingOccurrences(of: #""baseURL": "https://en.wikipedia.org""#, with: #""baseURL": "https://en.wikipedia.org/w""#)
            .replacingOccurrences(of: #""path": "/w/api.php""#, with: #""path": "/api.php""#)
        try host.installProviderFile("wiki", text)
        for given in ["/api.php", "/w/api.php"] {
            let run = await host.run(["api", "wiki", given, "-q", "action=query"])
            #expect(run.code == .success, "\(given): \(run.stderr)")
            #expect(host.requests.last?.sentPath == "/w/api.php", "\(given) → \(host.requests.last?.sentPath ?? "")")
        }
    }
}
