import Foundation
import TestSupport
import Testing

/// NYT allows 5 requests a minute; the allowance lives in the store, so
/// processes started together share it.
@Suite("Rate limit shared by processes, end to end")
struct RateLimitAcrossProcessesTests {
    @Test("12 nyt processes at once send at most 5 requests; the others say when to retry (75)")
    func sharedAllowance() async throws {
        // Any deadline under the minute's wait makes the others fail at once; 20 s leaves a
        // loaded machine time to start 12 processes and serve the 5.
        let (sandbox, fixtures) = try Sandbox.withFixtures(extra: ["APICLI_TIMEOUT": "20"])
        // Distinct words: no process can be answered by another's cached response.
        let results = try await withThrowingTaskGroup(of: ProcessRunner.Result.self) { group in
            for index in 0..<12 {
                group.addTask { try await sandbox.run(["nyt", "topic\(index)"]) }
            }
            return try await group.reduce(into: [ProcessRunner.Result]()) { $0.append($1) }
        }
        #expect(fixtures.requests.count <= 5, "sent \(fixtures.requests.count)")
        #expect(fixtures.requests.count >= 1)
        let succeeded = results.filter { $0.exitCode == 0 }
        let limited = results.filter { $0.exitCode == 75 }
        #expect(succeeded.count == fixtures.requests.count)
        #expect(succeeded.count + limited.count == 12, "\(results.map(\.exitCode)) \(results.map(\.stderrText))")
        for result in limited {
            #expect(result.stderrText.contains("NYT rate limit reached; retry in"), "\(result.stderrText)")
            #expect(!result.stderrText.contains("database is locked"))
        }
    }
}
