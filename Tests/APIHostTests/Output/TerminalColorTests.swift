import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

/// Colour and progress follow what the host is told about its streams, in-process:
/// colour on a terminal's stdout (a bold header) and stderr (the error), none when
/// piped, with `NO_COLOR`, `TERM=dumb` or `--color never`, always with `--color always`;
/// progress only on a terminal's stderr, without `--quiet`. (These were the binary's
/// `TerminalColorTests`; that a real pseudo-terminal is seen as a terminal stays there.)
@Suite("Colour and progress on a terminal, in-process")
struct TerminalColorTests {
    static let escape = "\u{1B}["
    static let answer = #"[{"id": "r1", "title": "First"}, {"id": "r2", "title": "Second"}]"#

    static func host() throws -> InProcessHost {
        try InProcessHost(sources: [.compiled([StubProvider()])], variables: ["TERM": "xterm-256color", "LANG": "C.UTF-8"]) { _, _ in
            InProcessHost.json(answer)
        }
    }

    /// Answers after a pause long enough for the progress line (drawn after half a second) to show.
    struct SlowTransport: ClientTransport {
        func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse {
            try await Task.sleep(for: .milliseconds(1_200))
            return InProcessHost.json(TerminalColorTests.answer)
        }
    }

    @Test("a terminal gets colour; a pipe, NO_COLOR, TERM=dumb and --color never do not; --color always colours a pipe")
    func colourOnlyOnTerminals() async throws {
        let host = try Self.host()
        let piped = await host.run(["stub", "records"])
        #expect(piped.code == .success, "\(piped.stderr)")
        #expect(piped.stdout.contains("First"))
        #expect(!piped.stdout.contains(Self.escape), "piped: no colour")

        let terminal = await host.run(["stub", "records"]) { $0.stdoutIsTerminal = true }
        #expect(terminal.stdout.contains("First"))
        #expect(terminal.stdout.contains(Self.escape), "a terminal gets colour")
        let off: [(String, [String], [String: String])] = [
            ("NO_COLOR", [], ["NO_COLOR": "1"]), ("TERM=dumb", [], ["TERM": "dumb"]), ("--color never", ["--color", "never"], [:]),
        ]
        for (name, flags, variables) in off {
            let run = await host.run(["stub", "records"] + flags) { environment in
                environment.stdoutIsTerminal = true
                environment.variables.merge(variables) { _, given in given }
            }
            #expect(run.code == .success, "\(name)")
            #expect(run.stdout.contains("First"), "\(name)")
            #expect(!run.stdout.contains(Self.escape), "\(name): no colour")
        }
        let always = await host.run(["stub", "records", "--color", "always"])
        #expect(always.stdout.contains(Self.escape), "--color always colours a pipe")
        #expect(host.transport.requests.count == 1, "the rest came from the cache")
    }

    @Test("errors on a terminal's stderr are coloured; piped, or with NO_COLOR, they are not")
    func colouredErrors() async throws {
        let host = try Self.host()
        let terminal = await host.run(["stbu", "records"]) { $0.stderrIsTerminal = true }
        #expect(terminal.code == .usage)
        #expect(terminal.stderr.contains("did you mean"))
        #expect(terminal.stderr.contains(Self.escape))
        let piped = await host.run(["stbu", "records"])
        #expect(piped.code == .usage)
        #expect(piped.isOneErrorLine, "\(piped.stderr)")
        #expect(!piped.stderr.contains(Self.escape))
        let noColor = await host.run(["stbu", "records"]) { environment in
            environment.stderrIsTerminal = true
            environment.variables["NO_COLOR"] = "1"
        }
        #expect(noColor.stderr.contains("did you mean"))
        #expect(!noColor.stderr.contains(Self.escape))
    }

    @Test("TERM=dumb: no escape sequence of any kind on a terminal, neither progress nor colour")
    func dumbTerminal() async throws {
        let host = try Self.host()
        func onDumbTerminal(_ environment: inout HostEnvironment) {
            environment.stdoutIsTerminal = true
            environment.stderrIsTerminal = true
            environment.variables["TERM"] = "dumb"
        }
        let slow = await host.run(["stub", "records", "--refresh"]) { environment in
            onDumbTerminal(&environment)
            environment.transport = SlowTransport()
        }
        let failing = await host.run(["stbu", "records"]) { onDumbTerminal(&$0) }
        #expect(slow.code == .success, "\(slow.stderr)")
        #expect(slow.stdout.contains("First"))
        #expect(failing.stderr.contains("did you mean"))
        for run in [slow, failing] {
            #expect(!(run.stdout + run.stderr).contains("\u{1B}"), "\((run.stdout + run.stderr).debugDescription)")
        }
    }

    @Test("a slow run shows progress on a terminal's stderr; piped or with --quiet it does not")
    func progressOnlyOnTerminals() async throws {
        let host = try Self.host()
        func slow(_ flags: [String], terminal: Bool) async -> InProcessHost.Run {
            await host.run(["stub", "records", "--refresh"] + flags) { environment in
                environment.stderrIsTerminal = terminal
                environment.transport = SlowTransport()
            }
        }
        let terminal = await slow([], terminal: true)
        let quiet = await slow(["--quiet"], terminal: true)
        let piped = await slow([], terminal: false)
        for run in [terminal, quiet, piped] {
            #expect(run.code == .success, "\(run.stderr)")
            #expect(run.stdout.contains("First"))
        }
        #expect(terminal.stderr.contains("fetching from Stub 0/1"), "\(terminal.stderr.debugDescription)")
        #expect(!quiet.stderr.contains("fetching from"))
        #expect(!piped.stderr.contains("fetching from"))
        #expect(!piped.stdout.contains("fetching from") && !terminal.stdout.contains("fetching from"))
    }
}
