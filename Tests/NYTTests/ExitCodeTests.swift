import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import NYT

/// NYT's documented exit codes through the host, in-process: each is one
/// `apicli: error:` line, and what is refused sends nothing (these were the NYT
/// half of the binary's `ExitCodeTests`).
@Suite("NYT exit codes, in-process")
struct ExitCodeTests {
    static let key = "nytKEY-inprocess-4f1c9a"

    static func host(
        variables: [String: String] = ["NYT_API_KEY": key], answer: HTTPResponse = InProcessHost.json("{}")
    ) throws -> InProcessHost {
        try InProcessHost(
            sources: [.compiled([NYTProvider()])], variables: variables.merging(["APICLI_NYT_SPACING": "0"]) { given, _ in given }
        ) { _, _ in answer }
    }

    @Test("no key: 78, saying how to set it, and nothing is sent")
    func missingKey() async throws {
        let host = try Self.host(variables: [:])
        let run = await host.run(["nyt", "election"])
        #expect(run.code == .configuration)
        #expect(run.stderr.contains("NYT_API_KEY") && run.stderr.contains("apicli config set nyt.api-key"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.isOneErrorLine, "\(run.stderr)")
        #expect(host.transport.requests.isEmpty)
    }

    @Test("401: 77, once, without the key")
    func rejectedKey() async throws {
        // The body the binary test served to both providers (OpenWeather's real 401); NYT's reading goes by the status.
        let body = #"{"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}"#
        let host = try Self.host(answer: InProcessHost.json(body, status: 401))
        let run = await host.run(["nyt", "election"])
        #expect(run.code == .permissionDenied, "\(run.stderr)")
        #expect(run.stderr.contains("key") && !run.stderr.contains(Self.key))
        #expect(run.isOneErrorLine, "\(run.stderr)")
        #expect(host.transport.requests.count == 1, "a rejected key is not a network failure: no retry")
    }

    @Test("429 with Retry-After past the deadline: 75 at once, saying when to retry")
    func rateLimited() async throws {
        var answer = InProcessHost.json(
            String(decoding: try TestSupport.Fixtures.real("nyt/nyt-error-429-rate-limit-books.json"), as: UTF8.self), status: 429)
        answer.headers["Retry-After"] = "3600"
        // A 300 s deadline: finishing far sooner shows the host neither waited for the hour nor for the deadline.
        let host = try Self.host(variables: ["NYT_API_KEY": Self.key, "APICLI_TIMEOUT": "300"], answer: answer)
        let started = ContinuousClock.now
        let run = await host.run(["nyt", "election"])
        #expect(ContinuousClock.now - started < .seconds(120), "no waiting for an hour, nor for the deadline")
        #expect(run.code == .temporaryFailure, "\(run.stderr)")
        #expect(run.stderr.contains("rate limit"), "\(run.stderr)")
        #expect(run.stderr.contains("retry in 3600 s") || run.stderr.contains("retry in 60 min"), "\(run.stderr)")
        #expect(run.isOneErrorLine, "\(run.stderr)")
        #expect(host.transport.requests.count == 1, "one attempt: the wait passes the deadline")
    }

    @Test("bad values: a bad date, a garbled date, --sort sideways: 64 before any request")
    func badValues() async throws {
        let host = try Self.host()
        let cases = [(["--from", "2024-02-30"], "--from"), (["--to", "yesterday"], "--to"), (["--sort", "sideways"], "sort")]
        for (words, mention) in cases {
            let run = await host.run(["nyt", "election"] + words)
            #expect(run.code == .usage, "\(words): \(run.stderr)")
            #expect(run.stderr.contains(mention), "\(run.stderr)")
            #expect(run.isOneErrorLine, "\(run.stderr)")
        }
        #expect(host.transport.requests.isEmpty)
    }
}
