import Foundation
import Testing
import TestSupport

/// Provider files that page as each answer says, through the host in-process with real
/// recorded answers: a cursor sent back (OpenAI's `after` =
/// `last_id` while `has_more`), a `next` URL in the body (PokeAPI), and an RFC 8288 `Link`
/// header. Each test counts the requests the transport was asked, so a page too many or too
/// few, a loop, or a request sent where the key must not go all fail.
@Suite("Paging by cursor, next URL and Link header, through the host")
struct AnswerPagingHostTests {
    static let key = "pageKEY-e2e-31d7c0"
    /// Where `APICLI_POKE_BASE_URL` points the PokeAPI file, as the binary tests pointed it at their server.
    static let mirror = "https://pokeapi-mirror.example"
    static let answers = "openapi-answers/"
    static let assistants2024 = answers + "openai_assistants_list_cursor_2024-04-27_ruby-openai.json"
    static let assistants2023 = answers + "openai_assistants_list_cursor_2023-11-14_ruby-openai.json"
    static let vectorStores = answers + "openai_vector_stores_list_has_more_false_2024-06-10_ruby-openai.json"
    static let abilities20 = answers + "pokeapi_ability_list_limit20_offset0_next_url_2019_poke-api-v2.json"
    static let abilities10 = answers + "pokeapi_ability_list_limit10_offset10_next_previous_2019_poke-api-v2.json"

    // MARK: cursor

    static let cursorFile = """
        {"apicli": 1, "name": "oai", "summary": "OpenAI assistants, newest first.", "baseURL": "https://api.openai.com",
         "path": "/v1/assistants", "words": {"parameter": "order"}, "key": {"header": "X-Api-Key"},
         "items": "data", "id": "id",
         "columns": [{"name": "name", "path": "name", "kind": "text", "searchable": true},
                     {"name": "model", "path": "model", "kind": "text"}],
         "paging": {"style": "cursor", "parameter": "after", "cursor": "last_id", "more": "has_more",
                    "size": 20, "sizeParameter": "limit"}}
        """

    /// The 2024 page first; the page after its `last_id` is the 2023 recording (another real
    /// page, another cursor); after that one's cursor, a real list envelope with `has_more: false`.
    private func cursorServer() throws -> (ProviderFilesHost, [String: String]) {
        let answers = ScriptedAnswers()
        let host = try answers.host()
        let first = try Fixtures.real(Self.assistants2024)
        let second = try Fixtures.real(Self.assistants2023)
        let last = try Fixtures.real(Self.vectorStores)
        answers.add(.json(second)) { $0.sentPath == "/v1/assistants" && $0.queryValue("after") == "asst_jMfdcgu0od1W6M0halr25anI" }
        answers.add(.json(last)) { $0.sentPath == "/v1/assistants" && $0.queryValue("after") == "asst_GENvuSTeXfbjtgrcIuD8NVNU" }
        answers.add(.json(first)) { $0.sentPath == "/v1/assistants" && $0.queryValue("after") == nil }
        try host.installProviderFile("oai", Self.cursorFile)
        return (host, ["OAI_API_KEY": Self.key])
    }

    @Test("cursor: --pages 3 sends the first request, then after=last_id twice, with the words, size and key each time")
    func cursorThreePages() async throws {
        let (host, env) = try cursorServer()
        let run = await host.run(["oai", "desc", "--pages", "3", "--json"], set: env)
        #expect(run.code == .success, "\(run.stderr)")
        let sent = host.requests
        #expect(sent.count == 3)
        #expect(sent.map { $0.queryValue("after") } == [nil, "asst_jMfdcgu0od1W6M0halr25anI", "asst_GENvuSTeXfbjtgrcIuD8NVNU"])
        #expect(sent.allSatisfy { $0.queryValue("order") == "desc" && $0.queryValue("limit") == "20" })
        #expect(sent.allSatisfy { $0.sentHeader("X-Api-Key") == Self.key && !$0.url.absoluteString.contains(Self.key) })
        let items = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 20 + 20 + 17, "three pages, each item once")
        #expect(!run.stdout.contains(Self.key) && !run.stderr.contains(Self.key))
    }

    @Test("cursor: has_more false ends paging although the answer still has a last_id; --pages 1 is one request")
    func cursorEnds() async throws {
        let (host, env) = try cursorServer()
        let all = await host.run(["oai", "desc", "--pages", "10", "--json"], set: env)
        #expect(all.code == .success, "\(all.stderr)")
        #expect(host.requests.count == 3, "the third page says has_more: false")
        #expect(!all.stderr.contains("stopped after"), "\(all.stderr)")
        let one = await host.run(["oai", "desc", "--pages", "1", "--refresh", "--json"], set: env)
        #expect(one.code == .success, "\(one.stderr)")
        #expect(host.requests.count == 4)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 20)
    }

    @Test("cursor: an answer that sends back the cursor just used ends paging instead of asking again")
    func cursorRepeats() async throws {
        let answers = ScriptedAnswers()
        let host = try answers.host()
        // Every request gets the 2024 page, whose last_id is then the cursor of page 2 and of page 3.
        answers.add(.json(try Fixtures.real(Self.assistants2024))) { $0.sentPath == "/v1/assistants" }
        try host.installProviderFile("oai", Self.cursorFile)
        let env = ["OAI_API_KEY": Self.key]
        let run = await host.run(["oai", "desc", "--pages", "5", "--json"], set: env)
        #expect(run.code == .success, "\(run.stderr)")
        #expect(host.requests.count == 2)
        #expect(run.stderr.contains("stopped after 2 of 5 pages: the answer names a page already fetched"), "\(run.stderr)")
    }

    // MARK: next URL

    static let nextFile = """
        {"apicli": 1, "name": "poke", "summary": "PokeAPI resource lists.", "baseURL": "https://pokeapi.co",
         "path": "/api/v2/{kind}/", "words": {"pathSegment": "kind"}, "key": {"parameter": "key"},
         "items": "results", "id": "name",
         "columns": [{"name": "name", "path": "name", "kind": "text", "searchable": true},
                     {"name": "url", "path": "url", "kind": "url"}],
         "paging": {"style": "next", "next": "next", "size": 20, "sizeParameter": "limit"}}
        """

    /// The first page's `next` is `https://pokeapi.co/api/v2/ability/?offset=20&limit=20`: the
    /// declared origin, which the run takes to the base URL it was pointed at (``mirror``). That page
    /// is answered with the other recording, whose `next` (`offset=20&limit=10`) is answered
    /// with that recording again: its `next` is then the page itself.
    private func nextServer() throws -> (ProviderFilesHost, [String: String]) {
        let answers = ScriptedAnswers()
        let host = try answers.host()
        let first = try Fixtures.real(Self.abilities20)
        let later = try Fixtures.real(Self.abilities10)
        answers.add(.json(later)) { $0.sentPath == "/api/v2/ability/" && $0.queryValue("offset") == "20" }
        answers.add(.json(first)) { $0.sentPath == "/api/v2/ability/" && $0.queryValue("offset") == nil }
        try host.installProviderFile("poke", Self.nextFile)
        return (host, ["POKE_API_KEY": Self.key, "APICLI_POKE_BASE_URL": Self.mirror])
    }

    @Test("next: --pages 3 follows the answers' next URLs under the base URL, the key added once each time")
    func nextThreePages() async throws {
        let (host, env) = try nextServer()
        let run = await host.run(["poke", "ability", "--pages", "3", "--json"], set: env)
        #expect(run.code == .success, "\(run.stderr)")
        let sent = host.requests
        #expect(sent.allSatisfy { $0.baseURL.absoluteString == Self.mirror }, "every page under the base URL given: \(sent.map(\.baseURL))")
        #expect(sent.map { $0.queryValue("offset") } == [nil, "20", "20"])
        #expect(sent.map { $0.queryValue("limit") } == ["20", "20", "10"])
        #expect(sent.allSatisfy { request in request.sentValues("key") == [Self.key] })
        #expect(!run.stderr.contains("stopped after"), "--pages 3 was reached: \(run.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 20, "the later pages repeat abilities 11-20, each kept once")
        #expect(!run.stdout.contains(Self.key) && !run.stderr.contains(Self.key))
    }

    @Test("next: a next URL equal to the page just fetched ends paging (no loop); --pages 1 is one request")
    func nextNoLoop() async throws {
        let (host, env) = try nextServer()
        let run = await host.run(["poke", "ability", "--pages", "10"], set: env)
        #expect(run.code == .success, "\(run.stderr)")
        #expect(host.requests.count == 3)
        #expect(run.stderr.contains("stopped after 3 of 10 pages: the answer names a page already fetched"), "\(run.stderr)")
        let one = await host.run(["poke", "ability", "--pages", "1", "--refresh"], set: env)
        #expect(one.code == .success, "\(one.stderr)")
        #expect(host.requests.count == 4)
    }

    @Test("next: without the base-URL override, a next URL at the real origin is never requested from the loopback server")
    func nextElsewhere() async throws {
        let answers = ScriptedAnswers()
        let host = try answers.host()
        answers.add(.json(try Fixtures.real(Self.abilities20))) { $0.sentPath == "/api/v2/ability/" }
        // Declared at another origin: the answer's https://pokeapi.co is then not the file's.
        try host.installProviderFile(
            "poke", Self.nextFile.replacingOccurrences(of: "https://pokeapi.co", with: "https://pokeapi.example"))
        let run = await host.run(["poke", "ability", "--pages", "3"], set: ["POKE_API_KEY": Self.key])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(host.requests.count == 1)
        #expect(host.requests.allSatisfy { $0.baseURL.host == "pokeapi.example" })
        #expect(run.stderr.contains("stopped after 1 of 3 pages: the next page is at https://pokeapi.co"), "\(run.stderr)")
        #expect(!run.stderr.contains(Self.key))
    }

    @Test("next: imported from PokeAPI's own document, ability_list pages by its next URLs")
    func importedNext() async throws {
        let (host, _) = try nextServer()
        let document = Fixtures.realRoot.appendingPathComponent("openapi-corpus/pokeapi_openapi.yml").path
        let add = await host.run(["provider", "add", "pokeapi", "--openapi", document, "--operation", "ability_list"])
        #expect(add.code == .success, "\(add.stderr)")
        let show = await host.run(["provider", "show", "pokeapi"])
        #expect(show.stdout.contains(#""style": "next""#) || show.stdout.contains(#""style" : "next""#), "\(show.stdout)")
        let run = await host.run(["pokeapi", "stench", "--pages", "3", "--json"])
        #expect(run.code == .success, "\(run.stderr)")
        let sent = host.requests
        #expect(sent.count == 3)
        #expect(sent.first?.queryValue("q") == "stench" && sent.first?.queryValue("limit") == "10")
        #expect(sent.dropFirst().map { $0.queryValue("offset") } == ["20", "20"], "the answers' next URLs, not numbers")
    }

    // MARK: Link header

    static let linkFile = """
        {"apicli": 1, "name": "oail", "summary": "OpenAI assistants, paged by Link headers.",
         "baseURL": "https://api.openai.com", "path": "/v1/assistants", "words": {"parameter": "order"},
         "key": {"header": "X-Api-Key"}, "items": "data", "id": "id",
         "columns": [{"name": "name", "path": "name", "kind": "text", "searchable": true}],
         "paging": {"style": "link", "size": 20, "sizeParameter": "limit"}}
        """

    /// Real bodies (the two assistants pages), with `Link` headers written here in GitHub's form,
    /// since the only recorded Link pages (GitHub's issues) are bare arrays, which a provider file
    /// reads once answers of every shape do; the host-level test pages those with their exact headers.
    @Test("link: rel=next is followed (several links, quoted and unquoted rel, several relations, any case); --pages 1 and 3 counted")
    func linkPages() async throws {
        let answers = ScriptedAnswers()
        let host = try answers.host()
        let base = "https://api.openai.com"
        let first = try Fixtures.real(Self.assistants2024)
        let second = try Fixtures.real(Self.assistants2023)
        // Page 1 names page 2 among other links, relative; page 2's next is absolute, with
        // `REL=` in capitals and two relations; page 3 has only prev and first.
        let link1 = #"<\#(base)/v1/assistants?order=desc&limit=20&page=1>; rel="first", </v1/assistants?order=desc&limit=20&page=2>; title="a, b; c"; rel="next""#
        let link2 = #"<\#(base)/v1/assistants?order=desc&limit=20&page=1>; rel=prev, <\#(base)/v1/assistants?order=desc&limit=20&page=3>; REL="last NEXT""#
        let link3 = #"<\#(base)/v1/assistants?order=desc&limit=20&page=2>; rel="prev""#
        answers.add(.json(first, headers: [("Link", link1)])) { $0.sentPath == "/v1/assistants" && $0.queryValue("page") == nil }
        answers.add(.json(second, headers: [("Link", link2)])) { $0.queryValue("page") == "2" }
        answers.add(.json(first, headers: [("Link", link3)])) { $0.queryValue("page") == "3" }
        try host.installProviderFile("oail", Self.linkFile)
        let env = ["OAIL_API_KEY": Self.key]

        let one = await host.run(["oail", "desc", "--pages", "1", "--json"], set: env)
        #expect(one.code == .success, "\(one.stderr)")
        #expect(host.requests.count == 1)
        let three = await host.run(["oail", "desc", "--pages", "3", "--refresh", "--json"], set: env)
        #expect(three.code == .success, "\(three.stderr)")
        let sent = Array(host.requests.dropFirst())
        #expect(sent.map { $0.queryValue("page") } == [nil, "2", "3"])
        #expect(sent.allSatisfy { $0.sentHeader("X-Api-Key") == Self.key })
        let all = await host.run(["oail", "desc", "--pages", "9", "--refresh", "--json"], set: env)
        #expect(all.code == .success, "\(all.stderr)")
        #expect(host.requests.count == 1 + 3 + 3, "page 3 has no rel=next: the end")
        #expect(!all.stderr.contains("stopped after"), "\(all.stderr)")
    }

    @Test("link: a next link to another origin (another port) is never requested, the key never sent there, and paging ends with a warning")
    func linkElsewhere() async throws {
        // Another port of the same host is another origin.
        let elsewhere = "https://api.openai.com:8443"
        let answers = ScriptedAnswers()
        let host = try answers.host()
        let link = "<\(elsewhere)/v1/assistants?order=desc&limit=20&page=2>; rel=\"next\""
        answers.add(.json(try Fixtures.real(Self.assistants2024), headers: [("Link", link)])) { $0.sentPath == "/v1/assistants" }
        try host.installProviderFile("oail", Self.linkFile)
        let env = ["OAIL_API_KEY": Self.key]
        let run = await host.run(["oail", "desc", "--pages", "3", "--json"], set: env)
        #expect(run.code == .success, "\(run.stderr)")
        #expect(host.requests.count == 1)
        #expect(host.requests.allSatisfy { $0.baseURL.port == nil }, "nothing, and so no key, went to the other origin")
        #expect(run.stderr.contains("stopped after 1 of 3 pages: the next page is at \(elsewhere)"),
                "\(run.stderr)")
        #expect(!run.stderr.contains(Self.key))
        let items = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 20, "the page fetched is still shown")
    }
}
