@testable import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

/// Smaller hostile inputs, each with the class it stands for: a key with a control character
/// (refused wherever it goes, not only in a header), a setting with hidden characters (quoted
/// as the file holds it, not as the cleaning would show it), a port out of range (named, not
/// "only http and https"), a `Retry-After` of years (not a number of seconds to quote), and
/// terminal controls JSON allows raw in a string (escaped by `apicli api` on a terminal, not
/// cut out with what follows them).
@Suite("Hostile settings and answers, in-process")
struct HostileSettingsAndAnswersTests {
    static func host(_ stub: StubProvider = StubProvider(keyVariable: "STUB_API_KEY", options: StubProvider.sampleOptions)) throws
        -> InProcessHost
    {
        try InProcessHost(sources: [.compiled([stub])]) { _, _ in InProcessHost.json(#"[{"id": "r1", "title": "First"}]"#) }
    }

    @Test("a key with a control character is refused though it goes in a query: 78, nothing sent",
          arguments: ["abcdefgh\u{07}ijk", "abcdefgh\nijk", "abcdefgh\u{9B}ijk", "\u{7F}abcdefghijk"])
    func keyWithControl(_ key: String) async throws {
        let host = try Self.host()
        let run = await host.run(["stub", "words"], setting: ["STUB_API_KEY": key])
        #expect(run.code == .configuration, "\(run.stderr)")
        #expect(run.isOneErrorLine && run.stderr.contains("contains a control character"), "\(run.stderr)")
        #expect(host.transport.requests.isEmpty)
    }

    @Test("a setting with hidden characters is quoted as the file holds it, each written out",
          arguments: ["imp\u{1B}[0merial", "imper\u{200B}ial", "\u{202E}imperial", "imper\u{AD}ial"])
    func hiddenCharacters(_ value: String) async throws {
        let host = try Self.host()
        let config = host.directory.path("config/apicli/config")
        try FileManager.default.createDirectory(atPath: host.directory.path("config/apicli"), withIntermediateDirectories: true)
        try Data("stub.units = \(value)\n".utf8).write(to: URL(fileURLWithPath: config))
        chmod(config, 0o600)
        let fromFile = await host.run(["stub", "words"], setting: ["STUB_API_KEY": "abcdefghijk"])
        let fromVariable = await host.run(["stub", "words"], setting: ["STUB_API_KEY": "abcdefghijk", "APICLI_STUB_UNITS": value])
        let written = ShownValue.quoted(value)
        #expect(written.contains("\\u{"), "\(written)")
        for run in [fromFile, fromVariable] {
            #expect(run.code != .success, "\(run.stderr)")
            #expect(run.stderr.contains("not '\(written)'"), "\(run.stderr)")
            #expect(!run.stderr.contains("not 'imperial'"), "\(run.stderr)")
        }
    }

    @Test("a base URL with a port out of range names the port (78), and nothing is sent")
    func portOutOfRange() async throws {
        let host = try Self.host()
        let run = await host.run(
            ["stub", "words"], setting: ["STUB_API_KEY": "abcdefghijk", "APICLI_STUB_BASE_URL": "http://127.0.0.1:99999"])
        #expect(run.code == .configuration, "\(run.stderr)")
        #expect(run.stderr.contains("the port 99999, which is not a port number"), "\(run.stderr)")
        #expect(host.transport.requests.isEmpty)
    }

    @Test("Retry-After is said in seconds up to an hour, then in hours or days, and past a year as later")
    func retryWording() {
        #expect(HTTPClientError.retry(.seconds(48)) == "retry in 48 s")
        #expect(HTTPClientError.retry(.seconds(3_600)) == "retry in 3600 s")
        #expect(HTTPClientError.retry(.seconds(7_201)) == "retry in 3 hours")
        #expect(HTTPClientError.retry(.seconds(3 * 86_400)) == "retry in 3 days")
        #expect(HTTPClientError.retry(.seconds(99_999_999)) == "try again later")
        let error = HTTPClientError.retryLater(url: "https://x", after: .seconds(99_999_999), reason: "NYT rate limit reached")
        #expect(error.description == "NYT rate limit reached; try again later")
    }

    @Test("apicli api on a terminal: a C1 control, a bidi control or a line separator in a JSON string is escaped, and what follows it shows")
    func controlsInJSONStrings() throws {
        let valid = Data("{\"a\": \"before\u{9D}0;hidden after\", \"b\": \"x\u{202E}y\u{2028}z\u{200F}w\u{061C}v\u{2066}u\"}".utf8)
        let shown = TerminalSanitizer.clean(try #require(JSONIndenter.indent(valid)), keepingNewlines: true)
        #expect(shown.contains(#""a": "before\u009d0;hidden after""#), "\(shown)")
        #expect(shown.contains(#""b": "x\u202ey\u2028z\u200fw\u061cv\u2066u""#), "\(shown)")
        // The same value once decoded.
        let reparsed = try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: String]
        let original = try JSONSerialization.jsonObject(with: valid) as? [String: String]
        #expect(reparsed == original)
    }
}
