import Foundation
import Testing
import TestSupport

/// The README's transcripts are runs, not prose: every `$ apicli …` line of its console blocks
/// runs again here, through `sh` (so a pipe or `; echo "exit $?"` works as written), against
/// the replay server of `Scripts/demo` with a fresh store, config and home for each block, and
/// must print exactly what the README shows under it: stdout and stderr each line for line,
/// with only ``ReadmeExamples/normalised(_:home:)`` applied (the home folder as `~`, the time
/// and age of the stale-results notice, and CSV's CRLF as a line end). Its shell status must be 0, so an example that
/// fails shows its code with `echo "exit $?"`.
@Suite("README examples, end to end", .needs("python3"))
struct ReadmeExamplesTests {
    static func readme() throws -> String {
        try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test("the README has console examples, and each of them runs apicli")
    func everyExampleRunsApicli() throws {
        let blocks = ReadmeExamples.blocks(of: try Self.readme())
        let commands = blocks.flatMap(\.commands)
        #expect(blocks.count >= 5, "README.md has \(blocks.count) console blocks")
        #expect(commands.count >= 10, "README.md has \(commands.count) console commands")
        for command in commands {
            #expect(command.line.hasPrefix("apicli "), "\(command): a console example runs apicli")
        }
    }

    @Test("every console example prints what the README shows under it")
    func everyExamplePrintsWhatTheReadmeShows() async throws {
        let blocks = ReadmeExamples.blocks(of: try Self.readme())
        let server = try await ReplayServer.start()
        defer { server.stop() }
        let binary = try ProcessRunner.apicliExecutable()
        for block in blocks {
            let sitting = try Sitting(binary: binary, server: server.baseURL)
            for command in block.commands {
                let result = try await sitting.run(command.line)
                let home = sitting.home.path()
                #expect(!result.timedOut, "\(command) did not end")
                #expect(result.exitCode == 0, "\(command) exited \(result.exitCode): \(result.stderrText)")
                #expect(
                    ReadmeExamples.normalised(result.stdoutText, home: home) == ReadmeExamples.normalised(command.stdout),
                    "\(command): stdout differs from the README's\n--- README\n\(command.stdout)--- run\n\(result.stdoutText)")
                #expect(
                    ReadmeExamples.normalised(result.stderrText, home: home) == ReadmeExamples.normalised(command.stderr),
                    "\(command): stderr differs from the README's\n--- README\n\(command.stderr)--- run\n\(result.stderrText)")
            }
        }
    }

    @Test("the normalisation makes alike only the home folder, the stale notice's time and age, and CRLF")
    func normalisationIsNarrow() {
        let notice = "apicli: warning: offline: showing results stored at 2026-12-07T12:53:28Z (3 h ago)\n"
        #expect(
            ReadmeExamples.normalised(notice)
                == ReadmeExamples.normalised("apicli: warning: offline: showing results stored at 2020-01-01T00:00:00Z (just now)\n"))
        #expect(
            ReadmeExamples.normalised(notice)
                != ReadmeExamples.normalised("apicli: warning: offline: showing results stored at yesterday (just now)\n"))
        #expect(
            ReadmeExamples.normalised(notice)
                != ReadmeExamples.normalised("apicli: warning: showing results stored at 2026-12-07T12:53:28Z (3 h ago)\n"))
        #expect(ReadmeExamples.normalised("/tmp/h/.config/x\n", home: "/tmp/h") == "~/.config/x\n")
        #expect(ReadmeExamples.normalised("/tmp/other/.config/x\n", home: "/tmp/h") == "/tmp/other/.config/x\n")
        #expect(ReadmeExamples.normalised("a,b\r\n1,2\r\n") == "a,b\n1,2\n")
        #expect(ReadmeExamples.normalised("a\rb\n") == "a\rb\n")
    }

    @Test("a block is cut into commands, stdout lines and stderr lines")
    func blocksAreParsed() {
        let text = """
            ```sh
            $ apicli not-a-transcript
            ```
            ```console
            $ apicli nyt dog
            apicli: 9 of 214; more with --pages
            Date  Headline

            $ apicli x; echo "exit $?"
            exit 1
            ```
            """
        let blocks = ReadmeExamples.blocks(of: text)
        #expect(blocks.count == 1)
        let commands = blocks.first?.commands ?? []
        #expect(commands.map(\.line) == ["apicli nyt dog", "apicli x; echo \"exit $?\""])
        #expect(commands.first?.stdout == "Date  Headline\n\n")
        #expect(commands.first?.stderr == "apicli: 9 of 214; more with --pages\n")
        #expect(commands.first?.lineNumber == 5)
        #expect(commands.last?.stdout == "exit 1\n")
    }
}

/// One console block's sitting: a home of its own (config, store, the documents the README's
/// examples read, such as NYT's Books document), `apicli` first on `PATH`, the replay server
/// as every provider's base URL, throw-away keys, and no NYT spacing (the replay is not NYT).
private struct Sitting {
    let home: TemporaryDirectory
    let environment: [String: String]

    init(binary: URL, server: URL) throws {
        home = try TemporaryDirectory(prefix: "apicli-readme")
        let bin = try home.makeDirectory(".bin")
        try FileManager.default.createSymbolicLink(
            atPath: bin.appendingPathComponent("apicli").path, withDestinationPath: binary.path)
        try FileManager.default.copyItem(
            at: Fixtures.realRoot.appendingPathComponent("openapi-corpus/nyt_books_api.yaml"),
            to: home.url.appendingPathComponent("nyt_books_api.yaml"))
        let base = server.absoluteString
        environment = [
            "PATH": bin.path + ":/usr/local/bin:/usr/bin:/bin",
            "HOME": home.path(),
            "XDG_CONFIG_HOME": home.path(".config"),
            "XDG_DATA_HOME": home.path(".local/share"),
            "LANG": "C.UTF-8",
            "TZ": "UTC",
            "APICLI_NYT_BASE_URL": base,
            "APICLI_WEATHER_BASE_URL": base,
            "APICLI_BOOKS_BASE_URL": base,
            "APICLI_NYT_SPACING": "0",
            "NYT_API_KEY": "readme-example-key",
            "OPENWEATHER_API_KEY": "readme-example-key",
        ]
    }

    func run(_ line: String) async throws -> ProcessRunner.Result {
        try await ProcessRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", line], environment: environment,
            currentDirectory: home.url, timeout: .seconds(60))
    }
}
