import Foundation
import Synchronization
import Testing
import TestSupport

/// The scripting flags work on a provider file as on the compiled providers,
/// with no code in it: `--fields`, `--format line` with `--template`, `--new`
/// and `--fail-empty`, through the host in-process.
@Suite("Scripting flags on a provider file, through the host")
struct ProviderFileScriptingHostTests {
    @Test("--fields, --template, --new and --fail-empty on hn")
    func scripting() async throws {
        let host = try SearchAPIs().host()
        let add = await host.run(SearchAPIs.addHN)
        #expect(add.code == .success, "\(add.stderr)")

        let new = await host.run(["hn", "gibberish", "--new", "--fields", "id,num_comments", "--format", "csv"])
        #expect(new.code == .success, "\(new.stderr)")
        #expect(new.stdout == "id,num_comments\r\n7824727,0\r\n", "\(new.stdout)")

        let line = await host.run(["hn", "gibberish", "--template", "{id}: {title:20}"])
        #expect(line.code == .success, "\(line.stderr)")
        #expect(line.stdout.hasPrefix("7824727: "), "\(line.stdout)")
        #expect(line.stdout.split(separator: "\n").first.map { $0.count <= "7824727: ".count + 20 } == true)

        // The same story again is not new: nothing to print, exit 1.
        let again = await host.run(["hn", "gibberish", "--new", "--fail-empty", "--refresh"])
        #expect(again.code == .empty, "\(again.stderr)")
        #expect(again.stdout.isEmpty)
        #expect(host.requests.count == 2, "--refresh asked again")

        let unknown = await host.run(["hn", "gibberish", "--fields", "id,nope"])
        #expect(unknown.code == .usage)
        #expect(unknown.isOneErrorLine && unknown.stderr.contains("unknown field 'nope'"), "\(unknown.stderr)")
    }

    @Test("--changed on hn: the same story again prints nothing (exit 1 with --fail-empty); its points edited, it prints")
    func changed() async throws {
        let recorded = try Fixtures.real(SearchAPIs.hnFixture)
        let body = Mutex(recorded)
        let host = try ProviderFilesHost { request in
            request.path == SearchAPIs.hnPath ? SearchAPIs.json(body.withLock { $0 }) : InProcessHost.json("{}", status: 404)
        }
        #expect(await host.run(SearchAPIs.addHN).code == .success)
        #expect(await host.run(["hn", "gibberish"]).code == .success)
        let same = await host.run(["hn", "gibberish", "--changed", "--fail-empty", "--refresh", "--fields", "id"])
        #expect(same.code == .empty, "\(same.stderr)")
        #expect(same.stdout.isEmpty && same.stderr.contains("nothing changed"), "\(same.stderr)")
        let text = String(decoding: recorded, as: UTF8.self)
        #expect(text.contains("\"points\": 1,"))
        body.withLock { $0 = Data(text.replacingOccurrences(of: "\"points\": 1,", with: "\"points\": 7,").utf8) }
        let edited = await host.run(["hn", "gibberish", "--changed", "--fail-empty", "--refresh", "--fields", "id,points", "--format", "csv"])
        #expect(edited.code == .success, "\(edited.stderr)")
        #expect(edited.stdout == "id,points\r\n7824727,7\r\n", "\(edited.stdout)")
    }
}
