import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

/// Secrets an answer or the user's own settings put where they could leak: a key
/// an answer echoes back, and a password written into a base URL. In-process on the
/// stub provider; the store's files are read after the runs. (These were Weather's
/// `SecretEchoHostTests`, the binary's `SecretEchoEndToEndTests`.)
@Suite("Echoed keys and URL passwords, in-process")
struct SecretEchoHostTests {
    static let key = "stubKEY-echo-3c5d7e"
    static let records = #"[{"id": "r1", "title": "First record"}, {"id": "r2", "title": "Second record"}]"#

    static func host(_ routes: StubRoutes) throws -> InProcessHost {
        try InProcessHost(
            sources: [.compiled([StubProvider(keyVariable: "STUB_API_KEY")])], variables: ["STUB_API_KEY": key], routes: routes)
    }

    @Test("a key the answer echoes in headers and body is stored nowhere and printed nowhere")
    func echoedKey() async throws {
        let key = Self.key
        // An answer that quotes the request back: the key in a header, the ETag and the JSON.
        let body = #"[{"id": "r1", "title": "First record", "echo": "key=\#(key)"}, {"id": "r2", "title": "Second record"}]"#
        let echoing = HTTPResponse(
            status: 200,
            headers: ["Content-Type": "application/json", "X-Echo-Query": "q=election&key=\(key)", "ETag": "\"\(key)\""],
            body: Data(body.utf8))
        let routes = StubRoutes(answers: ["/records": echoing])
        let host = try Self.host(routes)

        let result = await host.run(["stub", "election", "--verbose"])
        #expect(result.code == .success, "\(result.stderr)")
        #expect(result.stdout.contains("First record"))
        #expect(host.transport.requests.last?.queryValue("key") == key)
        #expect(!result.stdout.contains(key) && !result.stderr.contains(key))
        let cached = try host.rows("SELECT headers, etag, body FROM apicli_http_cache")
        #expect(cached.count == 1)
        #expect(cached.first?["headers"].string?.contains("key=***") == true, "\(cached.first?["headers"].string ?? "")")
        #expect(try host.storeBytes().range(of: Data(key.utf8)) == nil, "the key is in the store's files")
        // The stored answer still reads back offline.
        let offline = await host.run(["stub", "election", "--offline"])
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(offline.stdout.contains("First record"))
    }

    @Test("a password in a base URL is shown as *** in traces and errors, and never stored")
    func passwordInBaseURL() async throws {
        let routes = StubRoutes(answers: ["/records": InProcessHost.json(Self.records)])
        let host = try Self.host(routes)
        let password = "pw-SECRET-77a1"
        let base = "http://user:\(password)@127.0.0.1:9"

        let traced = await host.run(["stub", "election", "--verbose"], setting: ["APICLI_STUB_BASE_URL": base])
        #expect(traced.code == .success, "\(traced.stderr)")
        #expect(traced.stderr.contains("http://user:***@127.0.0.1:9/records"), "\(traced.stderr)")
        #expect(host.transport.requests.last?.baseURL.absoluteString == base, "the password is sent")

        routes.fail { _ in HTTPResponse(status: 404, body: Data("{}".utf8)) }
        let failed = await host.run(["stub", "other", "words", "-v"], setting: ["APICLI_STUB_BASE_URL": base])
        #expect(failed.code != .success)
        #expect(failed.errors.count == 1, "\(failed.stderr)")
        #expect(failed.stderr.contains("user:***@"), "\(failed.stderr)")

        let invalid = await host.run(["stub", "election"], setting: ["APICLI_STUB_BASE_URL": "ftp://user:\(password)@host"])
        #expect(invalid.code == .configuration)
        #expect(invalid.stderr == "apicli: error: APICLI_STUB_BASE_URL must be an http(s) URL, not 'ftp://user:***@host'\n")

        for result in [traced, failed, invalid] {
            #expect(!result.stdout.contains(password) && !result.stderr.contains(password))
        }
        #expect(try host.storeBytes().range(of: Data(password.utf8)) == nil, "the password is in the store's files")
        #expect(try host.count("apicli_http_cache") == 1)
    }
}
