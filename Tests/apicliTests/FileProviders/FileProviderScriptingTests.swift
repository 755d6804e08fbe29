import Foundation
import Testing
import TestSupport

/// The scripting flags work on a provider file as on the compiled providers,
/// with no code in it: `--fields`, `--format line` with `--template`, `--new`
/// and `--fail-empty`.
@Suite("Scripting flags on a provider file, end to end")
struct FileProviderScriptingTests {
    @Test("--fields, --template, --new and --fail-empty on hn")
    func scripting() async throws {
        let (sandbox, fixtures) = try Sandbox.withSearchAPIs(switch: SearchAPISwitch())
        let env = sandbox.baseURL(for: "hn")
        let add = try await sandbox.run([
            "provider", "add", "hn", "--base-url", "https://hn.algolia.com", "--path", "/api/v1/search",
            "--items", "hits", "--query-param", "query", "--no-key",
            "--sample", Fixtures.realRoot.appendingPathComponent(Sandbox.hnFixture).path,
        ])
        #expect(add.exitCode == 0, "\(add.stderrText)")

        let new = try await sandbox.run(["hn", "gibberish", "--new", "--fields", "id,num_comments", "--format", "csv"], set: env)
        #expect(new.exitCode == 0, "\(new.stderrText)")
        #expect(new.stdoutText == "id,num_comments\r\n7824727,0\r\n", "\(new.stdoutText)")

        let line = try await sandbox.run(["hn", "gibberish", "--template", "{id}: {title:20}"], set: env)
        #expect(line.exitCode == 0, "\(line.stderrText)")
        #expect(line.stdoutText.hasPrefix("7824727: "), "\(line.stdoutText)")
        #expect(line.stdoutText.split(separator: "\n").first.map { $0.count <= "7824727: ".count + 20 } == true)

        // The same story again is not new: nothing to print, exit 1.
        let again = try await sandbox.run(["hn", "gibberish", "--new", "--fail-empty", "--refresh"], set: env)
        #expect(again.exitCode == 1, "\(again.stderrText)")
        #expect(again.stdout.isEmpty)
        #expect(fixtures.requests.count >= 2)

        let unknown = try await sandbox.run(["hn", "gibberish", "--fields", "id,nope"], set: env)
        #expect(unknown.exitCode == 64)
        #expect(unknown.stderrText.contains("unknown field 'nope'"), "\(unknown.stderrText)")
    }
}
