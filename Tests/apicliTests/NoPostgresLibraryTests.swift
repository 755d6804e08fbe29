#if os(Linux)
import Foundation
import Testing
import TestSupport

/// libpq is opened only when a team database is used (`store sync`, `store sql --db
/// postgresql://…`), so no other run loads it, and the binary does not link it: checked
/// with the dynamic loader's own trace, `LD_DEBUG=libs`.
@Suite("No libpq without a team database")
struct NoPostgresLibraryTests {
    @Test func runsWithoutATeamDatabaseNeverLoadLibpq() async throws {
        let (sandbox, server) = try Sandbox.withFixtures()
        _ = server
        let commands = [
            ["weather", "Paris"], ["nyt", "election"], ["--version"], ["help", "store"], ["store", "info"],
            ["store", "sql", "SELECT 1"],
        ]
        for arguments in commands {
            let result = try await sandbox.run(arguments, set: ["LD_DEBUG": "libs"])
            #expect(result.exitCode == 0, "\(arguments): \(result.stderrText.suffix(300))")
            #expect(result.stderrText.contains("libc.so"), "\(arguments): no loader trace")
            #expect(!result.stderrText.contains("libpq"), "\(arguments) loaded libpq")
        }
    }

    @Test("a sync opens it, and says so in one line when the server cannot be reached")
    func aSyncOpensIt() async throws {
        let (sandbox, server) = try Sandbox.withFixtures()
        _ = server
        let result = try await sandbox.run(["store", "sync", "postgresql://nobody@127.0.0.1:1/none"], set: ["LD_DEBUG": "libs"])
        #expect(result.exitCode == 69)
        #expect(result.stderrText.contains("libpq.so"))
        let plain = try await sandbox.run(["store", "sync", "postgresql://nobody@127.0.0.1:1/none"])
        #expect(plain.exitCode == 69)
        #expect(plain.stderrText.split(separator: "\n").count == 1, "\(plain.stderrText)")
    }
}
#endif
