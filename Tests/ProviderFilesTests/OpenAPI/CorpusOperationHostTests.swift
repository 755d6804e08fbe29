import Foundation
import Testing
import TestSupport

/// One operation of every API of the OpenAPI corpus, through the host in-process: the whole
/// document imported as a user would, one operation picked from `provider show --format json`
/// (the contract scripts drive), run on a stub transport, and the request checked as the
/// transport would send it: the method, the path with its arguments filled in, and every
/// required parameter. Where `openapi-answers/` has a real recorded answer for one of
/// the document's operations, that operation is run on it; otherwise the first operation
/// gets a minimal answer of its declared shape (`recorded` says which, per row).
@Suite("Every corpus API, one operation through the host", .serialized)
struct CorpusOperationHostTests {
    struct Row: Sendable, CustomStringConvertible {
        var document: String
        /// The operation and the real answer it is run on; nil: the first operation, a minimal answer.
        var recorded: (operation: String, answer: String)?
        /// Flags the document needs at import: no server of its own, or only OAuth2 (a bearer token from elsewhere).
        var flags: [String] = []
        /// The first operation's answer is a bare array (the document says so; `provider show` says `"items": ".", "shape": "list"`).
        var bareArray = false
        var description: String { document }
    }

    // A debug build reading Stripe's 4 MB document on a loaded machine takes a while; the rows run one at a
    // time (`.serialized`) so that 29 imports at once do not starve the timing tests that run beside them.
    static let key = "corpus:key-e2e-7f3a"
    static let noServer = ["--base-url", "https://api.example.com"]
    static let rows: [Row] = [
        Row(document: "apisguru_apis.guru_openapi.yaml"),
        Row(document: "apisguru_xkcd.com_openapi.yaml"),
        Row(document: "ballerina_bitbucket_openapi.yaml", flags: ["--bearer"]),
        Row(document: "ballerina_freshdesk_openapi.yaml", flags: noServer, bareArray: true),
        Row(document: "ballerina_pinecone.index_openapi.yaml", flags: noServer),
        Row(document: "ballerina_saps4hana.itcm.customerhierarchy_openapi.yaml", flags: ["--bearer"]),
        Row(document: "nyt_archive_api.json"),
        Row(document: "nyt_archive_api.yaml"),
        Row(document: "nyt_article_search_v2.yaml"),
        Row(document: "nyt_books_api.json",
            recorded: ("get-lists-overview-format", "nyt_books_lists_overview_2018-04-01_yanwenwang.json")),
        Row(document: "nyt_books_api.yaml",
            recorded: ("get-lists-overview-format", "nyt_books_lists_overview_2018-04-01_yanwenwang.json")),
        Row(document: "nyt_community_api_v3.yaml"),
        Row(document: "nyt_geo_api_v2.yaml"),
        Row(document: "nyt_most_popular_api_v2.yaml"),
        Row(document: "nyt_movie_reviews_v2.yaml"),
        Row(document: "nyt_semantic_api.yaml"),
        Row(document: "nyt_timeswire_v3.yaml"),
        Row(document: "nyt_top_stories_v2.yaml", recorded: ("", "nyt_topstories_home_2022-10-01_andreaborg217.json")),
        Row(document: "openai_openapi_2024-04.yaml"),
        Row(document: "openmeteo_forecast_v3.1.yml", recorded: ("", "openmeteo_forecast_berlin_2023-11-13_open-meteo-ruby.json")),
        Row(document: "openmeteo_openapi_v3.0.yml", recorded: ("", "openmeteo_forecast_berlin_2023-11-13_open-meteo-ruby.json")),
        Row(document: "openweathermap_ballerina_openapi.yaml"),
        Row(document: "petstore3_openapi_relative_server.yaml", flags: noServer),
        Row(document: "pokeapi_openapi.yml"),
        Row(document: "stripe_spec3_2023-09.yaml"),
        Row(document: "twilio_api_v2010.json"),
        Row(document: "twilio_lookups_v2.json"),
        Row(document: "uber_v2.0.json", bareArray: true),
        Row(document: "uspto_dsapi_v3.0.json"),
    ]

    @Test("import whole, run one operation: method, path with arguments, required parameters, exit 0", arguments: rows)
    func oneOperation(row: Row) async throws {
        let answers = ScriptedAnswers()
        let host = try answers.host()
        let document = Fixtures.realRoot.appendingPathComponent("openapi-corpus/\(row.document)").path
        let add = await host.run(["provider", "add", "corpus", "--openapi", document] + row.flags)
        #expect(add.code == .success, "\(add.stderr)")
        let show = await host.run(["provider", "show", "corpus", "--format", "json"])
        let provider = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        let operations = try #require(provider["operations"] as? [[String: Any]])
        let wanted = row.recorded?.operation
        // The recorded operation by the name it has in the document: the operation's name or its alias.
        let operation = try #require(wanted.flatMap { name in
            operations.first { $0["name"] as? String == name || ($0["aliases"] as? [String] ?? []).contains(name) }
        } ?? operations.first { $0["read"] as? Bool != false })
        let call = CorpusCall(operation)
        // The contract tells a bare array from a whole-answer record by its shape.
        #expect((call.items == "." && call.shape == "list") == row.bareArray, "\(call.name): items \(call.items), shape \(call.shape)")

        let answer = try row.recorded.map { try Fixtures.real("openapi-answers/\($0.answer)") } ?? call.minimalAnswer(bareArray: row.bareArray)
        answers.add(.json(answer)) { _ in true }
        // A key for whatever scheme the document declares (a basic one is user:password).
        let env = ["CORPUS_API_KEY": Self.key]
        let command = ["corpus"] + (operations.count > 1 ? [call.name] : []) + call.words + ["--json"]
        let run = await host.run(command, set: env)
        #expect(run.code == .success, "\(command): \(run.stderr)")
        let request = try #require(host.requests.last, "nothing was sent")
        #expect(request.method == call.method)
        #expect(request.sentPath == call.expectedPath, "\(request.redactedURL)")
        for (name, value) in call.requiredQuery {
            #expect(request.queryValue(name) == value, "\(name) in \(request.redactedURL)")
        }
        #expect(!run.stdout.contains(Self.key) && !run.stderr.contains(Self.key))
    }
}
