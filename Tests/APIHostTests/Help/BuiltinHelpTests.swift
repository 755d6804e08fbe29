import Foundation
import Testing
import TestSupport
@testable import APIHost

/// Every built-in command's help, and an action's own (`store sql`), come from its one
/// ``BuiltinCommand`` description, whichever way it is asked for.
@Suite("Help for the built-in commands")
struct BuiltinHelpTests {
    func host() throws -> InProcessHost {
        try InProcessHost(sources: [.compiled([StubProvider()])]) { _, _ in
            Issue.record("help sent a request")
            return InProcessHost.json("[]")
        }
    }

    @Test("help config, config --help: its usage and its examples, exit 0", arguments: [["help", "config"], ["config", "--help"]])
    func config(words: [String]) async throws {
        let run = try await host().run(words)
        #expect(run.code == .success)
        #expect(run.stdout.hasPrefix("apicli config: Get, set, unset or list settings and keys.\n\nUSAGE:\n"))
        #expect(run.stdout.contains("\nEXAMPLES:\n  apicli config set nyt.api-key"))
        #expect(run.stderr.isEmpty)
    }

    @Test("help store lists its usage and examples and points at the actions that have their own help")
    func store() async throws {
        let run = try await host().run(["help", "store"])
        #expect(run.code == .success)
        #expect(run.stdout.contains("\nEXAMPLES:\n  apicli store info "))
        #expect(run.stdout.contains("'apicli store sql --help' tells more about sql."))
    }

    @Test("store sql --help and help store sql: the action's own usage and examples, not the whole command's",
          arguments: [["store", "sql", "--help"], ["help", "store", "sql"], ["--db", "/nowhere/x.sqlite3", "store", "sql", "--help"]])
    func storeSQL(words: [String]) async throws {
        let run = try await host().run(words)
        #expect(run.code == .success, "\(run.stderr)")
        let command = try #require(BuiltinCommand.named("store"))
        let sql = try #require(command.actionHelp["sql"])
        #expect(run.stdout.hasPrefix("apicli store sql: \(sql.summary)\n\nUSAGE:\n"))
        for line in sql.usage + sql.examples { #expect(run.stdout.contains("  \(line)\n")) }
        #expect(!run.stdout.contains("store info | clear"), "the whole command's usage is not repeated")
    }

    @Test("every built-in command's help names it and shows its usage lines")
    func everyCommand() async throws {
        let host = try host()
        for command in BuiltinCommand.all {
            let run = await host.run(["help", command.name])
            #expect(run.code == .success, "\(command.name): \(run.stderr)")
            #expect(run.stdout.hasPrefix("apicli \(command.name): \(command.summary)"))
            for line in command.usage { #expect(run.stdout.contains(line), "\(command.name)") }
        }
    }
}
