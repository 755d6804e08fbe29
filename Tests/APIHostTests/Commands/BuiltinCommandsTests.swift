import APIHost
import APIHTTP
import Foundation
import Synchronization
import Testing
import TestSupport

/// The commands besides the providers, and the global flags and variables, in-process
/// on a stub provider (they were end-to-end tests on NYT and Weather; what is about
/// those providers' help is in `NYTTests` and `WeatherTests`).
@Suite("Built-in commands, in-process")
struct BuiltinCommandsTests {
    static let records = #"[{"id": "1", "title": "First record"}]"#

    /// Turns every later answer into a reset connection, as a server that went away mid-test.
    final class Outage: Sendable {
        private let down = Mutex(false)
        func start() { down.withLock { $0 = true } }
        var isOn: Bool { down.withLock { $0 } }
    }

    static func host(variables: [String: String] = [:], outage: Outage? = nil) throws -> InProcessHost {
        try InProcessHost(sources: [.compiled([StubProvider()])], variables: variables) { request, _ in
            if outage?.isOn == true {
                throw HTTPClientError.connectionFailed(url: request.url.absoluteString, reason: "connection reset")
            }
            return InProcessHost.json(Self.records)
        }
    }

    @Test("--version, providers, help, a provider's help and manpage: 0, stdout only, no request")
    func informationCommands() async throws {
        let host = try Self.host()
        let version = await host.run(["--version"])
        let providers = await host.run(["providers"])
        let help = await host.run(["--help"])
        let stubHelp = await host.run(["help", "stub"])
        let ownHelp = await host.run(["stub", "--help"])
        let manpage = await host.run(["manpage"])
        for run in [version, providers, help, stubHelp, ownHelp, manpage] {
            #expect(run.code == .success, "\(run.stderr)")
            #expect(run.stderr.isEmpty, "\(run.stderr)")
        }
        #expect(version.stdout.hasPrefix("apicli "))
        #expect(providers.stdout.split(separator: "\n").contains { $0.hasPrefix("stub") }, "\(providers.stdout)")
        #expect(help.stdout.contains("stub") && help.stdout.contains("--format"))
        #expect(stubHelp.stdout.contains("Records by word") && stubHelp.stdout == ownHelp.stdout)
        #expect(manpage.stdout.contains(".TH "))
        #expect(host.transport.requests.isEmpty)
    }

    @Test("a word after a command that takes none is a usage error (64)")
    func extraWord() async throws {
        let host = try Self.host()
        for words in [["providers", "extra"], ["manpage", "extra"], ["completions"], ["completions", "bsh"]] {
            let run = await host.run(words)
            #expect(run.code == .usage, "\(words): \(run.stderr)")
            #expect(run.isOneErrorLine, "\(words): \(run.stderr)")
        }
    }

    @Test("--quiet hides the stale warning but not the results")
    func quietFallback() async throws {
        let outage = Outage()
        let host = try Self.host(variables: ["APICLI_TIMEOUT": "2"], outage: outage)
        let fresh = await host.run(["stub", "words"])
        #expect(fresh.code == .success, "\(fresh.stderr)")
        outage.start()
        let loud = await host.run(["stub", "words", "--refresh"])
        #expect(loud.code == .success, "\(loud.stderr)")
        #expect(loud.warnings.count == 1 && loud.errors.isEmpty, "the stale answer is announced: \(loud.stderr)")
        let quiet = await host.run(["stub", "words", "--refresh", "--quiet"])
        #expect(quiet.code == .success)
        #expect(quiet.stdout.contains("First record") && quiet.stdout == fresh.stdout, "\(quiet.stdout)")
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(host.transport.requests.count > 1, "the refreshes were tried")
    }

    @Test("--db and APICLI_DB choose the store")
    func databaseLocation() async throws {
        let folder = try TemporaryDirectory(prefix: "apicli-db")
        let flagPath = folder.path("flag.sqlite3")
        let variablePath = folder.path("variable.sqlite3")
        let host = try Self.host(variables: ["APICLI_DB": variablePath])
        let flag = await host.run(["stub", "words", "--db", flagPath])
        let variable = await host.run(["stub", "other", "words"])
        #expect(flag.code == .success && variable.code == .success, "\(flag.stderr)\(variable.stderr)")
        #expect(FileManager.default.fileExists(atPath: flagPath))
        #expect(FileManager.default.fileExists(atPath: variablePath))
        #expect(!FileManager.default.fileExists(atPath: host.directory.path("data/apicli/apicli.sqlite3")))
    }

    @Test("a bad APICLI_TIMEOUT or base URL is a configuration error (78) before any request")
    func badEnvironment() async throws {
        for variables in [["APICLI_TIMEOUT": "soon"], ["APICLI_STUB_BASE_URL": "ftp://example"]] {
            let host = try Self.host(variables: variables)
            let run = await host.run(["stub", "words"])
            #expect(run.code == .configuration, "\(variables): \(run.stderr)")
            #expect(run.isOneErrorLine, "\(variables): \(run.stderr)")
            #expect(host.transport.requests.isEmpty)
        }
    }
}
