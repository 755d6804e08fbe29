import Foundation
import Testing
import TestSupport

/// `apicli-NAME` on `PATH` runs as `apicli NAME`, in shell and in Python, with
/// its arguments, streams, exit status and signals its own.
@Suite("Plugins on PATH, end to end", .serialized)
struct ExecutablePluginEndToEndTests {
    /// Prints each argument as hex on its own line, the variables apicli sets, and what stdin said.
    static let echo = """
        #!/bin/sh
        for a in "$@"; do printf '%s' "$a" | od -An -tx1 | tr -d ' \\n'; echo; done
        echo "BIN=$APICLI_BIN"
        echo "DB=$APICLI_DB"
        echo "CONFIG=$APICLI_CONFIG_DIR"
        echo "FORMAT=$APICLI_FORMAT COLOR=$APICLI_COLOR QUIET=$APICLI_QUIET OFFLINE=$APICLI_OFFLINE"
        echo "stdin: $(cat)"
        echo "to stderr" >&2
        """

    @Test("arguments with spaces and bytes that are not UTF-8 arrive as they would run directly; stdin, stdout, stderr pass through")
    func argumentsAndStreams() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let plugins = try PluginFolder(in: sandbox)
        let plugin = try plugins.add("echo", Self.echo)
        let apicli = try ProcessRunner.apicliExecutable().path
        // The arguments are made by the shell, so bytes 0xFF 0xFE reach execve as they are.
        let words = #""two words" "$(printf '\377\376x')" "" --json -- "--db=x""#
        let environment = sandbox.environment(set: plugins.variables())
        let through = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "exec \"$0\" echo \(words)", apicli],
            environment: environment, stdin: Data("hello".utf8))
        let direct = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "exec \"$0\" \(words)", plugin],
            environment: environment, stdin: Data("hello".utf8))
        #expect(through.exitCode == 0, "\(through.stderrText)")
        let hexLines = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(6).map(String.init) }
        #expect(hexLines(through.stdoutText) == hexLines(direct.stdoutText))
        #expect(hexLines(through.stdoutText) == ["74776f20776f726473", "fffe78", "", "2d2d6a736f6e", "2d2d", "2d2d64623d78"])
        #expect(through.stdoutText.contains("stdin: hello"))
        #expect(through.stderrText == "to stderr\n")
        #expect(through.stdoutText.contains("BIN=\(URL(fileURLWithPath: apicli).resolvingSymlinksInPath().path)\n"))
        #expect(through.stdoutText.contains("DB=\(sandbox.databasePath)\n"))
        #expect(through.stdoutText.contains("CONFIG=\(sandbox.home.path("config/apicli"))\n"))
    }

    @Test("the global options before the word become variables; those after it are the plugin's arguments")
    func globalOptionsAsVariables() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let plugins = try PluginFolder(in: sandbox)
        try plugins.add("echo", Self.echo)
        let result = try await sandbox.run(
            ["--json", "--color", "never", "-q", "--offline", "--db", "/tmp/other.sqlite3", "echo", "--quiet"],
            set: plugins.variables())
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasPrefix("2d2d7175696574\n"))  // "--quiet", passed unchanged
        #expect(result.stdoutText.contains("DB=/tmp/other.sqlite3\n"))
        #expect(result.stdoutText.contains("FORMAT=json COLOR=never QUIET=1 OFFLINE=1\n"))
    }

    @Test("the exit status is the plugin's: 0, 1, 2, 130", arguments: [0, 1, 2, 130])
    func exitStatus(_ status: Int32) async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let plugins = try PluginFolder(in: sandbox)
        try plugins.add("status", "#!/bin/sh\nexit \(status)\n")
        let result = try await sandbox.run(["status"], set: plugins.variables())
        #expect(result.exitCode == status)
        #expect(!result.signalled)
        #expect(result.stderrText.isEmpty, "\(result.stderrText)")
    }

    @Test("a plugin killed by a signal is reported as killed by it, as when run directly (the shell says 128+N)")
    func signal() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let plugins = try PluginFolder(in: sandbox)
        let plugin = try plugins.add("die", "#!/bin/sh\nkill -TERM $$\nsleep 1\n")
        let apicli = try ProcessRunner.apicliExecutable().path
        let environment = sandbox.environment(set: plugins.variables())
        let through = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "\"$0\" die; echo \"status $?\"", apicli],
            environment: environment)
        let direct = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "\"$0\"; echo \"status $?\"", plugin],
            environment: environment)
        #expect(through.stdoutText == "status 143\n", "\(through.stdoutText) \(through.stderrText)")
        #expect(through.stdoutText == direct.stdoutText)
        let raw = try await sandbox.run(["die"], set: plugins.variables())
        #expect(raw.signalled && raw.exitCode == SIGTERM)
    }

    @Test("a plugin in Python gets its arguments and stdin, and its exit status is returned")
    func python() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let plugins = try PluginFolder(in: sandbox)
        try plugins.add("py", """
            #!/usr/bin/env python3
            import os, sys
            print(repr(sys.argv[1:]), sys.stdin.read().upper(), os.environ["APICLI_FORMAT"])
            sys.exit(2)
            """)
        let result = try await sandbox.run(["--format", "csv", "py", "a b", "é"], set: plugins.variables(), stdin: "shout")
        #expect(result.exitCode == 2)
        #expect(result.stdoutText == "['a b', 'é'] SHOUT csv\n")
    }

    @Test("a name a built-in command, a compiled provider or a provider file has is listed as shadowed and never run")
    func shadowed() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let plugins = try PluginFolder(in: sandbox)
        let marker = sandbox.home.path("ran")
        try plugins.add("nyt", "#!/bin/sh\ntouch \(marker)\n")
        try plugins.add("store", "#!/bin/sh\ntouch \(marker)\n")
        let run = try await sandbox.run(["nyt", "election"], set: plugins.variables())
        #expect(run.exitCode == 0, "\(run.stderrText)")
        #expect(fixtures.requests.count == 1)
        #expect(!FileManager.default.fileExists(atPath: marker))
        let listing = try await sandbox.run(["providers"], set: plugins.variables())
        #expect(listing.stdoutText.contains("nyt    \(plugins.path)/apicli-nyt (shadowed by the compiled provider 'nyt'; never run)\n"),
                "\(listing.stdoutText)")
        #expect(listing.stdoutText.contains("store  \(plugins.path)/apicli-store (shadowed by the built-in command 'store'; never run)\n"))

        try sandbox.installProviderFile("wiki", Sandbox.wikiFile)
        try plugins.add("wiki", "#!/bin/sh\ntouch \(marker)\n")
        let file = try await sandbox.run(["wiki", "computing", "--offline"], set: plugins.variables())
        #expect(!FileManager.default.fileExists(atPath: marker), "\(file.stderrText)")
        let withFile = try await sandbox.run(["providers"], set: plugins.variables())
        #expect(withFile.stdoutText.contains(
            "wiki   \(plugins.path)/apicli-wiki (shadowed by the provider file \(sandbox.providersFolder)/wiki.json; never run)\n"),
            "\(withFile.stdoutText)")
    }

    @Test("a plugin others can write, or in a folder others can write, is refused with 78 and never run")
    func looseMode() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let plugins = try PluginFolder(in: sandbox)
        let marker = sandbox.home.path("ran")
        let loose = try plugins.add("loose", "#!/bin/sh\ntouch \(marker)\n", mode: 0o777)
        let result = try await sandbox.run(["loose"], set: plugins.variables())
        #expect(result.exitCode == 78)
        #expect(result.stderrText == "apicli: error: the plugin \(loose) is writable by others (mode 777), so it is not used; run 'chmod go-w \(loose)'\n")
        #expect(!FileManager.default.fileExists(atPath: marker))

        let open = try PluginFolder(in: sandbox, named: "open")
        try open.add("inopen", "#!/bin/sh\ntouch \(marker)\n")
        chmod(open.path, 0o777)
        let inOpen = try await sandbox.run(["inopen"], set: open.variables())
        #expect(inOpen.exitCode == 78)
        #expect(inOpen.stderrText.contains("the folder \(open.path) is writable by others"), "\(inOpen.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: marker))
        let listing = try await sandbox.run(["providers"], set: plugins.variables())
        #expect(listing.stdoutText.contains("loose  \(loose) (refused: the plugin \(loose) is writable by others"), "\(listing.stdoutText)")
    }

    @Test("'apicli help NAME' runs 'apicli-NAME --help'; --help and the completions list the plugin with its path")
    func helpAndCompletions() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let plugins = try PluginFolder(in: sandbox)
        let path = try plugins.add("hello", "#!/bin/sh\necho \"hello got: $*\"\n")
        let help = try await sandbox.run(["help", "hello"], set: plugins.variables())
        #expect(help.exitCode == 0)
        #expect(help.stdoutText == "hello got: --help\n")
        let top = try await sandbox.run(["--help"], set: plugins.variables())
        #expect(top.stdoutText.contains("PLUGINS (apicli-NAME on PATH):\n  hello  \(path)\n"), "\(top.stdoutText)")
        for shell in ["bash", "zsh", "fish"] {
            let script = try await sandbox.run(["completions", shell], set: plugins.variables())
            #expect(script.stdoutText.contains("hello"), "\(shell) does not offer the plugin")
        }
        let without = try await sandbox.run(["completions", "bash"])
        #expect(!without.stdoutText.contains("hello"))
    }

    @Test(
        "a provider or built-in command never reads PATH; a word that is nothing else does",
        .enabled(if: RequiredTool.path("strace") != nil, "strace shows which files a run looks at"))
    func pathReadOnlyForOtherWords() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let plugins = try PluginFolder(in: sandbox)
        try plugins.add("hello", "#!/bin/sh\nexit 0\n")
        let apicli = try ProcessRunner.apicliExecutable().path
        let strace = try #require(RequiredTool.path("strace"))
        func filesLookedAt(_ arguments: [String]) async throws -> String {
            let traced = try await ProcessRunner.run(
                executable: URL(fileURLWithPath: strace),
                arguments: ["-f", "-e", "trace=%file,%desc", "-o", sandbox.home.path("trace"), apicli] + arguments,
                environment: sandbox.environment(set: plugins.variables()), currentDirectory: sandbox.home.url)
            #expect(traced.exitCode == 0, "\(arguments): \(traced.stderrText)")
            return String(decoding: try Data(contentsOf: URL(fileURLWithPath: sandbox.home.path("trace"))), as: UTF8.self)
        }
        for arguments in [["nyt", "election"], ["weather", "Paris"], ["store", "info"]] {
            #expect(!(try await filesLookedAt(arguments)).contains(plugins.path), "\(arguments) read PATH")
        }
        #expect(try await filesLookedAt(["hello"]).contains(plugins.path + "/apicli-hello"))
    }

    @Test("an unknown word with no plugin is still a usage error, and relative PATH entries are never searched")
    func unknownWord() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let plugins = try PluginFolder(in: sandbox, named: "relative")
        try plugins.add("here", "#!/bin/sh\necho ran\n")
        // The run's current folder is the sandbox home, so "relative" names the folder.
        let result = try await sandbox.run(["here"], set: ["PATH": "relative::/usr/bin:/bin"])
        #expect(result.exitCode == 64)
        #expect(result.stdoutText.isEmpty)
        #expect(result.stderrText.contains("unknown command or provider 'here'"))
    }
}
