import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import NYT

/// A provider imported from NYT's own Top Stories document with `--key-of nyt` uses the
/// compiled NYT provider's key (`NYT_API_KEY`, `nyt.api-key`), and keeps the rates and
/// spacing given: through the host in-process, NYT compiled in.
@Suite("An imported NYT document sharing NYT's key")
struct SharedNYTKeyTests {
    static let key = "nytKEY-shared-4f1c9a"
    static var topStories: String {
        TestSupport.Fixtures.realRoot.appendingPathComponent("openapi-corpus/nyt_top_stories_v2.yaml").path
    }

    @Test("--key-of nyt: NYT's own Top Stories YAML uses NYT_API_KEY, and spacing and rates are kept")
    func keyOfNYT() async throws {
        let answer = String(decoding: try TestSupport.Fixtures.real(
            "openapi-answers/nyt_topstories_home_2022-10-01_andreaborg217.json"), as: UTF8.self)
        let host = try ProviderFilesHost(compiled: [NYTProvider()], variables: ["NYT_API_KEY": Self.key]) { request in
            request.path.hasSuffix("/home.json") ? InProcessHost.json(answer) : InProcessHost.json("{}", status: 404)
        }
        let add = await host.run([
            "provider", "add", "top", "--openapi", Self.topStories, "--operation", "GET /{section}.json",
            "--key-of", "nyt", "--rate", "5/minute,500/day", "--spacing", "12",
        ])
        #expect(add.code == .success, "\(add.stderr)")
        let show = await host.run(["provider", "show", "top"])
        for field in [#""keyOf" : "nyt""#, #""environmentVariable" : "NYT_API_KEY""#, #""perMinute" : 5"#, #""spacing" : 12"#] {
            let compact = field.replacingOccurrences(of: " : ", with: ": ")
            #expect(show.stdout.contains(field) || show.stdout.contains(compact), "\(field): \(show.stdout)")
        }
        let run = await host.run(["top", "home", "--json"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stdout.contains("Putin"), "\(run.stdout.prefix(200))")
        let request = try #require(host.requests.last)
        let sent = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(sent.filter { $0.name == "api-key" }.map(\.value) == [Self.key])
        #expect(!run.stdout.contains(Self.key) && !run.stderr.contains(Self.key))

        // Without the variable, the message names NYT's variable and setting.
        let missing = await host.run(["top", "arts", "--refresh"], unset: ["NYT_API_KEY"])
        #expect(missing.code == .configuration)
        #expect(missing.isOneErrorLine, "\(missing.stderr)")
        #expect(missing.stderr.contains("NYT_API_KEY") && missing.stderr.contains("nyt.api-key"), "\(missing.stderr)")
        #expect(host.requests.count == 1)
    }
}
