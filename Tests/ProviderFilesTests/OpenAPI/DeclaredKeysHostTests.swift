import Foundation
import Testing
import TestSupport

/// Keys as the document declares them, through the host to loopback servers: a keyless
/// operation beside keyed ones (Petstore), an identification header that is a setting
/// (NWS's `User-Agent`), an optional OAuth2 token (Stack Exchange) that only its own
/// origin ever sees, and a basic key without a colon (Stripe's `sk_test_…`).
@Suite("Imported keys as the document declares them, through the host")
struct DeclaredKeysHostTests {
    static func corpus(_ name: String) -> String {
        Fixtures.realRoot.appendingPathComponent("openapi-corpus/\(name)").path
    }

    /// The operations of `provider show NAME --format json`, and its key.
    static func shown(_ provider: String, on host: ProviderFilesHost) async throws -> (key: Any?, operations: [[String: Any]]) {
        let show = await host.run(["provider", "show", provider, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        return (object["key"], try #require(object["operations"] as? [[String: Any]]))
    }

    /// An answer every Petstore GET operation reads: a pet with its tags, a user, an order.
    static let petstoreAnswer = Data(#"{"id": 3, "name": "doggie", "username": "bob", "status": "available", "tags": [{"id": 1, "name": "good"}]}"#.utf8)

    @Test("Petstore: its keyless operations stay and send no key; the keyed one sends it; only the keyed one needs it")
    func petstore() async throws {
        let server = try LoopbackServer { _ in .json(Self.petstoreAnswer) }
        defer { server.stop() }
        let host = try ProviderFilesHost(overHTTP: true)
        let add = await host.run([
            "provider", "add", "pet", "--openapi", Self.corpus("petstore3_openapi_relative_server.yaml"),
            "--base-url", server.baseURL.absoluteString,
        ])
        #expect(add.code == .success, "\(add.stderr)")
        #expect(!add.stderr.contains("getUserByName") && !add.stderr.contains("getOrderById"), "\(add.stderr)")
        let shown = try await Self.shown("pet", on: host)
        let sends = Dictionary(uniqueKeysWithValues: shown.operations.map { ($0["name"] as? String ?? "", $0["sendsKey"] as? Bool) })
        #expect(sends["get-pet-by-id"] == true && sends["get-user-by-name"] == false && sends["get-order-by-id"] == false, "\(sends)")

        let key = "petKEY-e2e-4b7d19"
        let keyed = await host.run(["pet", "get-pet-by-id", "3", "--json"], set: ["PET_API_KEY": key])
        #expect(keyed.code == .success, "\(keyed.stderr)")
        #expect(server.requests.last?.header("api_key") == key)
        let keyless = await host.run(["pet", "get-user-by-name", "bob", "--json"], set: ["PET_API_KEY": key])
        #expect(keyless.code == .success, "\(keyless.stderr)")
        let sent = try #require(server.requests.last)
        #expect(sent.path == "/user/bob")
        #expect(!sent.headText.contains(key) && sent.header("api_key") == nil, "\(sent.headText)")

        // Without a key: the keyless operation runs, the keyed one is the usual 78 and sends nothing.
        let without = await host.run(["pet", "get-order-by-id", "5", "--json"])
        #expect(without.code == .success, "\(without.stderr)")
        let count = server.requests.count
        let missing = await host.run(["pet", "get-pet-by-id", "3"])
        #expect(missing.code == .configuration && missing.stderr.contains("PET_API_KEY"), "\(missing.stderr)")
        #expect(server.requests.count == count)
        for run in [keyed, keyless, without, missing] { #expect(!run.stdout.contains(key) && !run.stderr.contains(key)) }

        // --no-key imports every operation keyless, the OAuth2-only ones included; with --bearer it is a usage error.
        let open = await host.run([
            "provider", "add", "open-pet", "--openapi", Self.corpus("petstore3_openapi_relative_server.yaml"),
            "--base-url", server.baseURL.absoluteString, "--no-key",
        ])
        #expect(open.code == .success, "\(open.stderr)")
        let opened = try await Self.shown("open-pet", on: host)
        #expect(opened.key is NSNull)
        #expect(opened.operations.contains { $0["name"] as? String == "find-pets-by-status" }, "\(opened.operations.map { $0["name"] ?? "" })")
        let both = await host.run([
            "provider", "add", "both-pet", "--openapi", Self.corpus("petstore3_openapi_relative_server.yaml"),
            "--base-url", server.baseURL.absoluteString, "--no-key", "--bearer",
        ])
        #expect(both.code == .usage && both.isOneErrorLine && !host.hasProviderFile("both-pet"), "\(both.stderr)")
    }

    @Test("NWS's User-Agent is a setting: the import is never refused, a run without it says how to set it, and the set one is sent")
    func nwsUserAgent() async throws {
        let forecast = try Fixtures.real(NWSLikeDocument.forecastAnswer)
        let server = try LoopbackServer { _ in .json(forecast) }
        defer { server.stop() }
        let host = try ProviderFilesHost(variables: ProviderFilesHost.baseURL(for: "nws", at: server), overHTTP: true)
        let document = host.home.path("nws.json")
        try Data(NWSLikeDocument.text().utf8).write(to: URL(fileURLWithPath: document))
        let add = await host.run(["provider", "add", "nws", "--openapi", document])
        #expect(add.code == .success, "\(add.stderr)")
        let shown = try await Self.shown("nws", on: host)
        // User-Agent is no key; the document's other alternative, API-Key, is one the API can go without.
        let key = try #require(shown.key as? [String: Any])
        #expect(key["name"] as? String == "API-Key" && key["optional"] as? Bool == true, "\(key)")
        let help = await host.run(["help", "nws"])
        #expect(help.stdout.contains("apicli config set nws.user-agent"), "help says how to set it: \(help.stdout)")

        let command = ["nws", "gridpoint-forecast", "TAE", "58", "65", "--json", "--refresh"]
        let unset = await host.run(command)
        #expect(unset.code == .success, "\(unset.stderr)")
        #expect(unset.stderr.contains("User-Agent") && unset.stderr.contains("apicli config set nws.user-agent"), "\(unset.stderr)")
        #expect(server.requests.last?.header("User-Agent")?.hasPrefix("apicli/") == true, "apicli's own, until one is set")
        #expect(server.requests.last?.header("API-Key") == nil, "no key set, none sent")

        let identity = "forecast-e2e (me@example.org)"
        let set = await host.run(["config", "set", "nws.user-agent", identity])
        #expect(set.code == .success, "\(set.stderr)")
        let configured = await host.run(command)
        #expect(configured.code == .success, "\(configured.stderr)")
        #expect(!configured.stderr.contains("asks for"), "\(configured.stderr)")
        #expect(server.requests.last?.header("User-Agent") == identity)
        let flagged = await host.run(command + ["--user-agent", "flag-e2e (f@example.org)"])
        #expect(flagged.code == .success, "\(flagged.stderr)")
        #expect(server.requests.last?.header("User-Agent") == "flag-e2e (f@example.org)", "a flag wins over the setting")
        let variable = await host.run(["api", "nws", "/alerts/active"], set: ["APICLI_NWS_USER_AGENT": "api-e2e (a@example.org)"])
        #expect(variable.code == .success, "\(variable.stderr)")
        #expect(server.requests.last?.header("User-Agent") == "api-e2e (a@example.org)", "apicli api sends it too")

        let count = server.requests.count
        let injected = await host.run(command + ["--user-agent", "a\r\nX-Injected: 1"])
        #expect(injected.code == .usage && injected.isOneErrorLine, "\(injected.stderr)")
        #expect(server.requests.count == count)
    }

    @Test("Stack Exchange declares OAuth2 and requires nothing: the token is optional, sent when set, and never to another origin")
    func optionalToken() async throws {
        let token = "seTOKEN-e2e-0c55a9e1"
        // A bare array of questions, as this document declares the answer.
        let answer = Data(#"[{"question_id": 1, "title": "How?", "link": "https://stackoverflow.com/q/1"}]"#.utf8)
        let elsewhere = try LoopbackServer(host: "127.0.0.2") { _ in .json(answer) }
        defer { elsewhere.stop() }
        let server = try LoopbackServer { request in
            request.path.hasPrefix("/moved") ? .redirect(to: elsewhere.baseURL.absoluteString + "/2.0/questions") : .json(answer)
        }
        defer { server.stop() }
        let host = try ProviderFilesHost(variables: ProviderFilesHost.baseURL(for: "se", at: server), overHTTP: true)
        let add = await host.run([
            "provider", "add", "se", "--openapi", Self.corpus("apisguru_stackexchange.com_2.0_openapi.yaml"), "--operation", "GET /questions",
        ])
        #expect(add.code == .success, "\(add.stderr)")
        let shown = try await Self.shown("se", on: host)
        let key = try #require(shown.key as? [String: Any])
        #expect(key["scheme"] as? String == "bearer" && key["optional"] as? Bool == true, "\(key)")
        let call = CorpusCall(try #require(shown.operations.first))

        let anonymous = await host.run(["se"] + call.words + ["--json"])
        #expect(anonymous.code == .success, "\(anonymous.stderr)")
        #expect(server.requests.last?.header("Authorization") == nil, "no token set, none sent")
        let signed = await host.run(["se"] + call.words + ["--json", "--refresh"], set: ["SE_API_KEY": token])
        #expect(signed.code == .success, "\(signed.stderr)")
        #expect(server.requests.last?.header("Authorization") == "Bearer \(token)")

        // The same provider pointed at a path that redirects to another host: the token stays home.
        let moved = await host.run(
            ["se"] + call.words + ["--json", "--refresh"],
            set: ["SE_API_KEY": token, "APICLI_SE_BASE_URL": server.baseURL.absoluteString + "/moved"])
        #expect(moved.code == .success, "\(moved.stderr)")
        #expect(server.requests.last?.header("Authorization") == "Bearer \(token)", "its own origin gets it")
        let arrived = try #require(elsewhere.requests.last, "the redirect was followed")
        #expect(!arrived.headText.contains(token) && arrived.header("Authorization") == nil, "\(arrived.headText)")
        for run in [anonymous, signed, moved] { #expect(!run.stdout.contains(token) && !run.stderr.contains(token)) }
        #expect(try host.databaseBytes().range(of: Data(token.utf8)) == nil, "the token is not in the store")
    }

    @Test("Stripe's basic scheme with sk_test_x sends sk_test_x: base64'd, says so in help, and shows neither anywhere")
    func stripeBasic() async throws {
        let key = "sk_test_x"
        let pair = Data("sk_test_x:".utf8).base64EncodedString()
        let server = try LoopbackServer { _ in .json(Data(#"{"object": "list", "data": [{"id": "cus_1", "email": "a@example.org"}], "has_more": false, "url": "/v1/customers"}"#.utf8)) }
        defer { server.stop() }
        let host = try ProviderFilesHost(variables: ProviderFilesHost.baseURL(for: "stripe", at: server), overHTTP: true)
        let add = await host.run(["provider", "add", "stripe", "--openapi", Self.corpus("stripe_spec3_2023-09.yaml"), "--operation", "GetCustomers"])
        #expect(add.code == .success, "\(add.stderr)")
        let help = await host.run(["help", "stripe"])
        #expect(help.stdout.contains("user:password") && help.stdout.contains("key:"), "help says what the key holds: \(help.stdout)")

        var runs: [InProcessHost.Run] = []
        for format in ["json", "table"] {
            let run = await host.run(["stripe", "--format", format, "--verbose", "--refresh"], set: ["STRIPE_API_KEY": key])
            #expect(run.code == .success, "\(run.stderr)")
            runs.append(run)
        }
        #expect(server.requests.last?.header("Authorization") == "Basic \(pair)", "\(server.requests.last?.headText ?? "")")
        for run in runs {
            #expect(!run.stdout.contains(pair) && !run.stderr.contains(pair) && !run.stderr.contains(key), "\(run.stderr)")
        }
        #expect(try host.databaseBytes().range(of: Data(pair.utf8)) == nil)
    }
}
