import Testing
@testable import APIHost

@Suite struct BuiltinCommandHelpTests {
    func run(_ arguments: [String]) async throws -> (ExitCode, CapturingConsole) {
        let console = CapturingConsole()
        let host = Host(registry: try ProviderRegistry([]), environment: HostEnvironment(variables: [:], console: console))
        return (await host.run(arguments), console)
    }

    @Test(arguments: ["providers", "help", "config", "store", "completions", "manpage"])
    func everyBuiltinCommandAnswersHelp(_ command: String) async throws {
        let (code, console) = try await run([command, "--help"])
        #expect(code == .success)
        #expect(console.stdout.hasPrefix("apicli \(command): "))
        #expect(console.stdout.contains("USAGE:\n  apicli \(command)"))
        #expect(console.stderr.isEmpty)
    }

    @Test(arguments: ["providers", "help", "config", "store", "completions", "manpage", "provider"])
    func helpNamesABuiltinCommandAsItsOwnHelpDoes(_ command: String) async throws {
        let (code, console) = try await run(["help", command])
        let (_, own) = try await run([command, "--help"])
        #expect(code == .success, "\(console.stderr)")
        #expect(console.stdout == own.stdout)
        #expect(console.stdout.contains("USAGE:\n  apicli \(command)"))
    }

    @Test func unknownCommandSuggestsTheNearest() async throws {
        let (code, console) = try await run(["stroe", "info"])
        #expect(code == .usage)
        #expect(console.stderr == "apicli: error: unknown command or provider 'stroe'; did you mean 'store'? (see 'apicli --help')\n")
    }
}
