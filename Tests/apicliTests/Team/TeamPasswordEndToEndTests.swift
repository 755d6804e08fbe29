import Foundation
import Testing
import TestSupport

/// The team database's password is read like a key and never shows: not in output (with
/// `--verbose` too), not in errors, not in the store, and never taken from the command line.
@Suite("the team database's password, end to end", .needsPostgres, .needs("psql"))
struct TeamPasswordEndToEndTests {
    static let password = TestPostgres.secretPassword

    static func expectNoPassword(_ result: ProcessRunner.Result, _ sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = String(decoding: result.stdout + result.stderr, as: UTF8.self)
        #expect(!text.contains(password), "\(text)", sourceLocation: sourceLocation)
        if FileManager.default.fileExists(atPath: sandbox.databasePath) {
            let bytes = try sandbox.databaseBytes()
            #expect(bytes.range(of: Data(password.utf8)) == nil, "the store holds the password", sourceLocation: sourceLocation)
        }
    }

    @Test("from APICLI_PGPASSWORD, PGPASSWORD, the setting or a URL kept in a setting; a wrong one is refused without being echoed")
    func passwordSources() async throws {
        let database = try TeamDatabaseShell()
        defer { Task { await database.drop() } }
        let (sandbox, server) = try Sandbox.withFixtures()
        _ = server
        #expect(try await sandbox.run(["nyt", "election"]).exitCode == 0)
        let url = try TestPostgres.secretURL()
        let sync = ["store", "sync", url, "--schema", database.schema, "--verbose"]

        let none = try await sandbox.run(sync)
        #expect(none.exitCode == 78)
        #expect(String(decoding: none.stderr, as: UTF8.self).contains("APICLI_PGPASSWORD"))

        let wrong = try await sandbox.run(sync, set: ["APICLI_PGPASSWORD": "Wrong-\(Self.password)-x"])
        #expect(wrong.exitCode == 78)
        try Self.expectNoPassword(wrong, sandbox)
        #expect(!String(decoding: wrong.stderr, as: UTF8.self).contains("Wrong-"))

        for variable in ["APICLI_PGPASSWORD", "PGPASSWORD"] {
            let result = try await sandbox.run(sync, set: [variable: Self.password])
            #expect(result.exitCode == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
            try Self.expectNoPassword(result, sandbox)
        }

        let set = try await sandbox.run(["config", "set", "store.sync-password"], stdin: Self.password + "\n")
        #expect(set.exitCode == 0)
        let fromSetting = try await sandbox.run(sync)
        #expect(fromSetting.exitCode == 0, "\(String(decoding: fromSetting.stderr, as: UTF8.self))")
        try Self.expectNoPassword(fromSetting, sandbox)
        let shown = try await sandbox.run(["config", "get", "store.sync-password"])
        try Self.expectNoPassword(shown, sandbox)

        // A whole URL with its password, kept in the setting: used, and shown without it.
        #expect(try await sandbox.run(["config", "unset", "store.sync-password"]).exitCode == 0)
        let withPassword = url.replacingOccurrences(of: "@", with: ":\(Self.password)@")
        #expect(try await sandbox.run(["config", "set", "store.sync-url", withPassword]).exitCode == 0)
        let fromURL = try await sandbox.run(["store", "sync", "--schema", database.schema, "--verbose"])
        #expect(fromURL.exitCode == 0, "\(String(decoding: fromURL.stderr, as: UTF8.self))")
        try Self.expectNoPassword(fromURL, sandbox)
        let listed = try await sandbox.run(["config", "list"])
        try Self.expectNoPassword(listed, sandbox)
        #expect(String(decoding: listed.stdout, as: UTF8.self).contains("store.sync-url"))
        let query = try await sandbox.run(["store", "sql", "--db", url, "SELECT current_user"], set: ["APICLI_PGPASSWORD": Self.password])
        #expect(String(decoding: query.stdout, as: UTF8.self).contains(TestPostgres.secretUser))
        try Self.expectNoPassword(query, sandbox)
    }

    @Test("a URL on the command line that carries a password is refused before anything is sent, saying where it goes")
    func refusedOnTheCommandLine() async throws {
        let (sandbox, server) = try Sandbox.withFixtures()
        _ = server
        let url = try TestPostgres.secretURL()
        for given in [url.replacingOccurrences(of: "@", with: ":\(Self.password)@"), url + "?password=\(Self.password)"] {
            for arguments in [["store", "sync", given], ["store", "sql", "--db", given, "SELECT 1"]] {
                let result = try await sandbox.run(arguments)
                #expect(result.exitCode == 64)
                let message = String(decoding: result.stderr, as: UTF8.self)
                #expect(message.contains("APICLI_PGPASSWORD") && message.contains("store.sync-password"), "\(message)")
                #expect(message.split(separator: "\n").count == 1)
                try Self.expectNoPassword(result, sandbox)
            }
        }
        let setting = try await sandbox.run(["config", "set", "store.sync-password", Self.password])
        #expect(setting.exitCode == 64)
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath))
    }
}
