import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

/// The documented exit codes of a provider's run, through the host in-process on the stub
/// provider: each failure is one `apicli: error:` line with the code the README gives it,
/// the key is never printed, and what is refused sends nothing. (These were NYT's and
/// Weather's `ExitCodeTests`, the two halves of the binary's; what each of those providers
/// reads from its own answers and refuses in its own options is tested in its target.)
@Suite("Exit codes of a provider's run, in-process")
struct ExitCodeTests {
    static let key = "stubKEY-inprocess-4f1c9a"

    static func host(
        variables: [String: String] = ["STUB_API_KEY": key], answer: HTTPResponse = InProcessHost.json("[]"),
        reading: @escaping @Sendable (Int, Data) -> ProviderFailure? = { _, _ in nil }
    ) throws -> InProcessHost {
        let stub = StubProvider(keyVariable: "STUB_API_KEY", options: StubProvider.sampleOptions, reading: reading)
        return try InProcessHost(sources: [.compiled([stub])], variables: variables) { _, _ in answer }
    }

    @Test("no key, or an empty one: 78, saying how to set it, and nothing is sent", arguments: [[:], ["STUB_API_KEY": ""]])
    func missingKey(variables: [String: String]) async throws {
        let host = try Self.host(variables: variables)
        let run = await host.run(["stub", "election"])
        #expect(run.code == .configuration)
        #expect(run.stderr.contains("STUB_API_KEY") && run.stderr.contains("apicli config set stub.api-key"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.isOneErrorLine, "\(run.stderr)")
        #expect(host.transport.requests.isEmpty)
    }

    @Test("401: 77, once, without the key, whether the provider reads it or leaves it to the host", arguments: [false, true])
    func rejectedKey(providerReads: Bool) async throws {
        // OpenWeather's real 401, which the binary's test served to both providers.
        let body = #"{"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}"#
        let host = try Self.host(answer: InProcessHost.json(body, status: 401)) { status, _ in
            providerReads && status == 401 ? .keyRejected(detail: nil) : nil
        }
        let run = await host.run(["stub", "election"])
        #expect(run.code == .permissionDenied, "\(run.stderr)")
        #expect(run.stderr.contains("key") && !run.stderr.contains(Self.key))
        #expect(run.isOneErrorLine, "\(run.stderr)")
        #expect(host.transport.requests.count == 1, "a rejected key is not a network failure: no retry")
    }

    @Test("what the provider reads as not found: 66, one line naming what was asked")
    func notFound() async throws {
        let body = String(decoding: try TestSupport.Fixtures.real("weather/weather-error-404-city-not-found.json"), as: UTF8.self)
        let host = try Self.host(answer: InProcessHost.json(body, status: 404)) { status, _ in
            status == 404 ? .notFound("no record about 'Atlantis'") : nil
        }
        let run = await host.run(["stub", "Atlantis"])
        #expect(run.code == .noInput, "\(run.stderr)")
        #expect(run.stderr.contains("Atlantis"))
        #expect(run.isOneErrorLine, "\(run.stderr)")
    }

    @Test("429 with Retry-After past the deadline: 75 at once, saying when to retry")
    func rateLimited() async throws {
        var answer = InProcessHost.json(
            String(decoding: try TestSupport.Fixtures.real("nyt/nyt-error-429-rate-limit-books.json"), as: UTF8.self), status: 429)
        answer.headers["Retry-After"] = "3600"
        // A 300 s deadline: finishing far sooner shows the host neither waited for the hour nor for the deadline.
        let host = try Self.host(variables: ["STUB_API_KEY": Self.key, "APICLI_TIMEOUT": "300"], answer: answer)
        let started = ContinuousClock.now
        let run = await host.run(["stub", "election"])
        #expect(ContinuousClock.now - started < .seconds(120), "no waiting for an hour, nor for the deadline")
        #expect(run.code == .temporaryFailure, "\(run.stderr)")
        #expect(run.stderr.contains("rate limit"), "\(run.stderr)")
        #expect(run.stderr.contains("retry in 3600 s") || run.stderr.contains("retry in 60 min"), "\(run.stderr)")
        #expect(run.isOneErrorLine, "\(run.stderr)")
        #expect(host.transport.requests.count == 1, "one attempt: the wait passes the deadline")
    }

    @Test("an unknown provider, option, choice or command: 64 with a suggestion, before any request")
    func unknownNames() async throws {
        let host = try Self.host()
        let cases = [
            (["stbu", "Paris"], "'stub'"), (["stub", "Paris", "--unit", "metric"], "--units"),
            (["stub", "Paris", "--units", "imperal"], "'imperial'"), (["stroe", "info"], "'store'"),
        ]
        for (words, suggestion) in cases {
            let run = await host.run(words)
            #expect(run.code == .usage, "\(words): \(run.stderr)")
            #expect(run.stderr.contains("did you mean") && run.stderr.contains(suggestion), "\(run.stderr)")
            #expect(run.isOneErrorLine, "\(run.stderr)")
        }
        #expect(host.transport.requests.isEmpty)
    }

    @Test("a value the provider refuses, and a choice it does not offer: 64, one line naming it, before any request")
    func refusedValues() async throws {
        let host = try Self.host()
        // The stub refuses a --lang that is not letters (a `UsageError` of its own); the host checks
        // the declared choices and the required words.
        let cases = [
            (["stub", "election", "--lang", "e1"], "--lang"), (["stub", "election", "--units", "sideways"], "units"),
            (["stub"], "needs <words>"),
        ]
        for (words, mention) in cases {
            let run = await host.run(words)
            #expect(run.code == .usage, "\(words): \(run.stderr)")
            #expect(run.stderr.contains(mention), "\(run.stderr)")
            #expect(run.isOneErrorLine, "\(run.stderr)")
        }
        #expect(host.transport.requests.isEmpty)
    }
}
