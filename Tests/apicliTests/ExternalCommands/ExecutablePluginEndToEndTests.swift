import Foundation
import Testing
import TestSupport

/// `apicli-NAME` on `PATH` runs as `apicli NAME`, in shell and in Python, with
/// its arguments, streams, exit status and signals its own: apicli runs it for real, so
/// these need a process. Which plugin is started, with which arguments and variables,
/// and which are shadowed or refused, is `APIHostTests`' `ExecutablePluginHostTests`.
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

    /// With a key exported apicli stays as the plugin's parent (to hand the key on), so a
    /// signal sent to apicli's process alone must reach the plugin, as it did when apicli
    /// replaced itself with it.
    @Test("SIGTERM sent to apicli's process reaches the plugin, whose exit status is then apicli's")
    func terminationReachesPlugin() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let plugins = try PluginFolder(in: sandbox)
        let ready = sandbox.home.path("ready"), done = sandbox.home.path("done")
        try plugins.add("term", """
            #!/bin/sh
            trap 'echo "got TERM"; touch "\(done)"; exit 3' TERM
            echo $$ > "\(ready).new" && mv "\(ready).new" "\(ready)"
            while :; do sleep 0.05; done
            """)
        let apicli = try ProcessRunner.apicliExecutable().path
        // Bounded: when the signal does not arrive, the plugin (its number in the file) is killed after 5 s.
        let script = """
            "$0" term & p=$!
            while [ ! -s "\(ready)" ]; do sleep 0.05; done
            kill -TERM $p
            i=0; while [ ! -e "\(done)" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i+1)); done
            [ -e "\(done)" ] || { echo "not passed on"; kill -KILL "$(cat "\(ready)")"; }
            wait $p; echo "status $?"
            """
        #expect(sandbox.environment["NYT_API_KEY"] != nil, "a key is exported, so apicli stays")
        let result = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script, apicli],
            environment: sandbox.environment(set: plugins.variables()))
        #expect(result.stdoutText == "got TERM\nstatus 3\n", "\(result.stdoutText) \(result.stderrText)")
    }

    @Test("a plugin in Python gets its arguments and stdin, and its exit status is returned", .needs("python3"))
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

    @Test(
        "a provider or built-in command never reads PATH; a word that is nothing else does",
        .needs("strace"))
    func pathReadOnlyForOtherWords() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let plugins = try PluginFolder(in: sandbox)
        try plugins.add("hello", "#!/bin/sh\nexit 0\n")
        let apicli = try ProcessRunner.apicliExecutable().path
        // strace shows which files a run looks at.
        let strace = try RequiredTool.require("strace")
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
}
