import APIHost
import Foundation
import Testing
import TestSupport

/// `apicli config set NAME.api-key` in-process on the stub provider: a key on the command
/// line is refused and never written (it would land in the shell's history); a key on
/// standard input (`HostEnvironment.readLine`) lands in a 0600 file, is printed nowhere,
/// and is what the next run sends. (These were NYT's `ConfigKeyTests` and
/// `ConfigStdinHostTests`, from the binary's `ConfigEndToEndTests`; the key typed on a
/// terminal without echo needs a pty and stays there.)
@Suite("A key for config set, in-process")
struct ConfigKeyTests {
    static let records = #"[{"id": "r1", "title": "First"}]"#

    static func host() throws -> InProcessHost {
        try InProcessHost(
            sources: [.compiled([StubProvider(keyVariable: "STUB_API_KEY")])], variables: ["STUB_API_KEY": "envKEY-1a2b3c4d"]
        ) { _, _ in InProcessHost.json(Self.records) }
    }

    @Test("a key on the command line is refused (64), not echoed and not written")
    func keyOnCommandLine() async throws {
        let host = try Self.host()
        let run = await host.run(["config", "set", "stub.api-key", "cmdlineKEY-0000"])
        #expect(run.code == .usage, "\(run.stderr)")
        #expect(run.stderr.contains("never taken from the command line"), "\(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains("cmdlineKEY-0000"))
        let contents = (try? String(contentsOfFile: host.directory.path("config/apicli/config"), encoding: .utf8)) ?? ""
        #expect(!contents.contains("cmdlineKEY-0000"))
        #expect(host.transport.requests.isEmpty)
    }

    @Test("config set stub.api-key reads stdin; list and get never print it; the file is 0600; runs send it")
    func keyFromStdin() async throws {
        let secret = "stdinKEY-5d4c3b2a"
        let host = try Self.host()
        let keyless = ["STUB_API_KEY"]
        let set = await host.run(["config", "set", "stub.api-key"], setting: [:], unsetting: keyless, stdin: secret + "\n")
        #expect(set.code == .success, "\(set.stderr)")

        let path = host.directory.path("config/apicli/config")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("stub.api-key = \(secret)"))

        let listed = await host.run(["config", "list"], setting: [:], unsetting: keyless)
        let got = await host.run(["config", "get", "stub.api-key"], setting: [:], unsetting: keyless)
        let ran = await host.run(["stub", "election", "--verbose"], setting: [:], unsetting: keyless)
        #expect(listed.code == .success && got.code == .success)
        #expect(listed.stdout.contains("stub.api-key"))
        #expect(listed.stdout.contains("(set)"))
        #expect(got.stdout.contains("(set)"))
        #expect(ran.code == .success, "\(ran.stderr)")
        #expect(host.transport.requests.last?.queryValue("key") == secret)
        for result in [set, listed, got, ran] {
            #expect(!result.stdout.contains(secret))
            #expect(!result.stderr.contains(secret))
        }
    }

    @Test("nothing on stdin: 64, 'no key given on stdin', and no file is written")
    func emptyStdin() async throws {
        let host = try Self.host()
        let set = await host.run(["config", "set", "stub.api-key"], setting: [:], stdin: "")
        #expect(set.code == .usage && set.isOneErrorLine, "\(set.stderr)")
        #expect(set.stderr.contains("no key given on stdin for stub.api-key"), "\(set.stderr)")
        #expect(!FileManager.default.fileExists(atPath: host.directory.path("config/apicli/config")))
    }
}
