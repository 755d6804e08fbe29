import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

/// A distinctive key travels to the server and nowhere else: not stdout, not stderr
/// (traces and every error included), not the store's files, whatever the server does
/// (``LeakingFaults``), and whether the provider quotes the server's words back in its
/// failures or leaves the answer to the host. In-process on the stub provider; each
/// scenario has its own store. (These were NYT's and Weather's `KeyLeakHostTests`, the
/// two halves of the binary's `KeyLeakTests`.)
@Suite("The key never leaks, in-process")
struct KeyLeakHostTests {
    static let canary = "canarySTUB9q8w7e6r"
    static let records = #"[{"id": "r1", "title": "First"}, {"id": "r2", "title": "Second"}]"#

    /// How the stub reads a failure: quoting the body, as NYT's and OpenWeather's readings quote
    /// the server's words (which may hold the key), or not at all.
    static func reading(quoting: Bool) -> @Sendable (Int, Data) -> ProviderFailure? {
        { status, body in
            guard quoting else { return nil }
            let words = String(decoding: body, as: UTF8.self)
            switch status {
            case 401: return .keyRejected(detail: words)
            case 400: return .badRequest(words)
            case 404: return .notFound(words)
            default: return nil
            }
        }
    }

    @Test("the key reaches the server and appears in no output, error, trace or store file", arguments: [true, false])
    func keyStaysOnTheWire(providerQuotes: Bool) async throws {
        let formats = ["table", "json", "ndjson", "csv"].map { ["stub", "election", "--verbose", "--refresh", "--format", $0] }
        let scenarios = try await LeakScenario.all(
            quoting: Self.canary,
            make: {
                let stub = StubProvider(
                    keyVariable: "STUB_API_KEY", options: StubProvider.sampleOptions, reading: Self.reading(quoting: providerQuotes))
                let routes = StubRoutes(answers: ["/records": InProcessHost.json(Self.records)])
                let host = try InProcessHost(
                    sources: [.compiled([stub])], variables: ["STUB_API_KEY": Self.canary, "APICLI_TIMEOUT": "2"], routes: routes)
                return (host, { routes.fail(with: $0) })
            },
            successes: formats + [
                ["stub", "election", "--units", "sideways", "--verbose"], ["config", "list"], ["config", "get", "stub.api-key"],
                ["store", "info"],
            ],
            first: ["stub", "election"],
            afterwards: [["stub", "election", "--verbose", "--refresh"], ["stub", "other", "words", "--verbose"]])

        #expect(scenarios.count == 10)
        let codes = Set(scenarios.flatMap(\.runs).map(\.code))
        #expect(codes.isSuperset(of: [.success, .permissionDenied, .dataError, .temporaryFailure, .usage]), "\(codes)")
        #expect(scenarios.flatMap(\.runs).contains { $0.stderr.contains("GET ") }, "--verbose traced something")
        let leaks = LeakScenario.leaks(of: Self.canary, in: scenarios)
        #expect(leaks.isEmpty, "\(leaks)")
    }

    @Test("a key under 8 characters is refused before anything is sent, with one line saying why")
    func shortKeyRefused() async throws {
        // From NYT's `EscapedKeyEchoHostTests`.
        let host = try InProcessHost(
            sources: [.compiled([StubProvider(keyVariable: "STUB_API_KEY")])], variables: ["STUB_API_KEY": "x7"]
        ) { _, _ in InProcessHost.json(Self.records) }
        let run = await host.run(["stub", "election"])
        #expect(run.code == .configuration && run.isOneErrorLine, "\(run.stderr)")
        // The wording is the behaviour: how long the key is, why it is refused, and how to set it.
        #expect(run.stderr == "apicli: error: the Stub API key is 2 characters long; apicli refuses keys "
                + "under 8, which cannot be kept out of output without mangling words that contain them; set the full "
                + "key with STUB_API_KEY or 'apicli config set stub.api-key'\n", "\(run.stderr)")
        #expect(host.transport.requests.isEmpty)
    }
}

/// The same matrix for an OAuth2 provider: the access token a client credentials grant
/// brings, and the client secret that bought it, stay on the wire whatever the API does.
@Suite("OAuth2 tokens and client secrets never leak, in-process")
struct TokenLeakHostTests {
    static let token = "tokCANARY-4m8n2b6v"
    static let secret = "cliSECRET-9z7x5c3v"
    static let signIn = OAuth2SignIn(flows: [
        .init(kind: .clientCredentials, tokenURL: URL(string: "https://auth.stub.invalid/token")!, scopes: ["read"]),
    ])

    @Test("the token reaches the API and the secret the token endpoint, and neither any output, error, trace or store file")
    func tokenStaysOnTheWire() async throws {
        let formats = ["table", "json", "ndjson", "csv"].map { ["stub", "election", "--verbose", "--refresh", "--format", $0] }
        let tokenAnswer = InProcessHost.json(#"{"access_token": "\#(Self.token)", "token_type": "bearer", "expires_in": 3600}"#)
        let scenarios = try await LeakScenario.all(
            quoting: Self.token,
            make: {
                var stub = StubProvider(keyVariable: "STUB_API_KEY", options: StubProvider.sampleOptions, reading: KeyLeakHostTests.reading(quoting: true))
                stub.oauth2 = Self.signIn
                let routes = StubRoutes(answers: ["/records": InProcessHost.json(KeyLeakHostTests.records), "": tokenAnswer])
                let host = try InProcessHost(
                    sources: [.compiled([stub])],
                    variables: ["STUB_CLIENT_ID": "client-stub", "STUB_CLIENT_SECRET": Self.secret, "APICLI_TIMEOUT": "2"], routes: routes)
                return (host, { routes.fail(with: $0) })
            },
            successes: formats + [
                ["auth", "login", "stub", "--verbose"], ["auth", "status"], ["auth", "status", "--format", "json"],
                ["config", "list"], ["config", "get", "stub.client-secret"], ["store", "info"],
            ],
            first: ["stub", "election"],
            afterwards: [["stub", "election", "--verbose", "--refresh"], ["stub", "other", "words", "--verbose"]])

        #expect(scenarios.count == 10)
        let codes = Set(scenarios.flatMap(\.runs).map(\.code))
        #expect(codes.contains(.success) && codes.contains(.permissionDenied), "\(codes) \(scenarios[0].runs.map(\.stderr))")
        #expect(scenarios.flatMap(\.runs).contains { $0.stderr.contains("POST https://auth.stub.invalid/token") }, "the grant was traced")
        let leaks = LeakScenario.leaks(of: Self.token, in: scenarios)
        #expect(leaks.isEmpty, "\(leaks)")
        // The secret travels base64-encoded in `Authorization: Basic`: it must show nowhere else.
        for (index, scenario) in scenarios.enumerated() {
            #expect(scenario.store.range(of: Data(Self.secret.utf8)) == nil, "scenario \(index): in the store")
            for run in scenario.runs {
                #expect(!run.stdout.contains(Self.secret) && !run.stderr.contains(Self.secret), "scenario \(index): \(run.stderr)")
            }
        }
    }
}
