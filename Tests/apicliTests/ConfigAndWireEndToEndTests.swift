import Foundation
import Testing
import TestSupport

/// Settings that would send a request somewhere else, words that would leave the
/// provider's path, and answers libcurl refuses (issue 23, items 4, 5 and 14), from the
/// built binary: the exit code, the one line, and what reached the server and the store.
@Suite("Base URLs, CA files, path segments and refused answers, end to end")
struct ConfigAndWireEndToEndTests {
    static let segmentFile = """
        {
          "apicli": 1,
          "name": "pseg",
          "summary": "Look up one item by name.",
          "baseURL": "https://example.invalid",
          "path": "/api/items/{name}/detail",
          "words": {"pathSegment": "name"},
          "key": {"parameter": "token", "environmentVariable": "PSEG_API_KEY", "signupURL": "https://example.invalid/keys"},
          "items": "items",
          "columns": [{"name": "title", "path": "title", "kind": "text"}]
        }
        """

    @Test("'.' and '..' filling a path segment are sent as %2E, so the request stays on the provider's path", arguments: [".", "..", "a/../.."])
    func dotSegments(word: String) async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        try sandbox.installProviderFile("pseg", Self.segmentFile)
        fixtures.answer(.json(#"{"items": [{"title": "seen"}]}"#)) { $0.path.hasPrefix("/api/items/") }
        let environment = sandbox.baseURL(for: "pseg").merging(["PSEG_API_KEY": "tok-12345"]) { _, new in new }
        let result = try await sandbox.run(["pseg", word, "--format", "csv"], set: environment)
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasSuffix("\r\nseen\r\n"), "\(result.stdoutText)")
        let expected = ["." : "%2E", "..": "%2E%2E", "a/../..": "a%2F..%2F.."][word] ?? ""
        #expect(fixtures.requests.map(\.path) == ["/api/items/\(expected)/detail"])
    }
}
