import Foundation
import TestSupport
import Testing

/// A connection refused, with the built binary. (The rest of this file's tests run
/// in-process: `WeatherTests.ProviderFailureHostTests`, `NYTTests.SearchFailureHostTests`.)
@Suite("Key trouble, failing services and long names, end to end")
struct KeyTroubleEndToEndTests {
    @Test("nothing listening: 'could not connect to 127.0.0.1:PORT (connection refused)', never a bare code")
    func connectionRefused() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        // A port bound but never listened on: refused, and no other test's server can take it.
        let refusing = try RefusingPort()
        let base = refusing.baseURL.absoluteString
        let port = refusing.port
        let result = try await sandbox.run(["nyt", "election"], set: ["APICLI_NYT_BASE_URL": base, "APICLI_TIMEOUT": "2"])
        #expect(result.exitCode == 69, "\(result.stderrText)")
        #expect(result.stderrText.contains("could not connect to 127.0.0.1:\(port) (connection refused)"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("-1"))
    }
}
