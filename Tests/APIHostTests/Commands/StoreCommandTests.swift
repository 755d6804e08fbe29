import APIHost
import Foundation
import Testing
import TestSupport

/// `apicli store info|clear|vacuum|check` in-process, on a store filled by two
/// stub providers' runs: what each command prints, its exit code, and what it
/// leaves in the store, and `store schema`'s list of each owner's tables. (These were
/// the binary's `StoreCommandEndToEndTests` and `StoreSQLEndToEndTests`, on NYT and
/// Weather; NYT's tables and their meanings, and that a vacuum keeps NYT's full-text
/// index, are in `NYTTests`.)
@Suite("apicli store, in-process")
struct StoreCommandTests {
    static let answer = #"[{"id": "r1", "title": "First"}, {"id": "r2", "title": "Second"}]"#

    /// A host with two stub providers, `stub` and `other`, whose store holds one answer of each.
    static func filled() async throws -> InProcessHost {
        let host = try InProcessHost(sources: [.compiled([StubProvider(name: "stub"), StubProvider(name: "other")])]) { _, _ in
            InProcessHost.json(answer)
        }
        for provider in ["stub", "other"] {
            let run = await host.run([provider, "election"])
            #expect(run.code == .success, "\(provider): \(run.stderr)")
        }
        return host
    }

    @Test("info shows the path, the size, and rows and last fetch per provider")
    func info() async throws {
        let host = try await Self.filled()
        let run = await host.run(["store", "info"])
        #expect(run.code == .success, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first == "path     \(host.storePath)")
        let stub = try #require(lines.first { $0.hasPrefix("stub ") })
        let other = try #require(lines.first { $0.hasPrefix("other ") })
        #expect(!stub.contains("never") && !other.contains("never"))
        #expect(stub.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0 > 0)
    }

    @Test("clear stub empties its tables and its cache, and leaves the other provider's")
    func clearOneProvider() async throws {
        let host = try await Self.filled()
        let cached = "SELECT COUNT(*) FROM apicli_http_cache WHERE provider = 'stub'"
        #expect(try host.rows(cached).first?[0].int ?? 0 > 0, "the run was cached")
        let otherBefore = try host.snapshot(["other_answers"])
        #expect(otherBefore["other_answers"]?.isEmpty == false)
        let run = await host.run(["store", "clear", "stub"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stderr.contains("cleared stub"))
        #expect(try host.count("stub_answers") == 0)
        #expect(try host.rows(cached).first?[0].int == 0)
        #expect(try host.snapshot(["other_answers"]) == otherBefore)

        // Nothing stored any more: offline has nothing to show.
        let offline = await host.run(["stub", "election", "--offline"])
        #expect(offline.code == .unavailable)

        let typo = await host.run(["store", "clear", "stbu"])
        #expect(typo.code == .usage)
        #expect(typo.stderr.contains("did you mean 'stub'"), "\(typo.stderr)")
    }

    @Test("schema lists each owner's tables under its name, and every column with a meaning")
    func schema() async throws {
        let host = try await Self.filled()
        let run = await host.run(["store", "schema"])
        #expect(run.code == .success, "\(run.stderr)")
        let text = run.stdout
        for heading in ["apicli (the host)\n", "\nstub\n", "\nother\n"] { #expect(text.contains(heading), "\(heading)") }
        #expect(text.contains("  stub_answers  — "), "\(text)")
        let columnLines = text.split(separator: "\n").filter { $0.hasPrefix("    ") }
        #expect(columnLines.count > 10)
        #expect(columnLines.allSatisfy { $0.split(separator: " ").count >= 3 }, "a column without a meaning")
    }

    @Test("vacuum and check succeed on a healthy store, and keep its rows")
    func vacuumAndCheck() async throws {
        let host = try await Self.filled()
        let before = try host.snapshot(["stub_answers", "other_answers"])
        let vacuum = await host.run(["store", "vacuum"])
        #expect(vacuum.code == .success, "\(vacuum.stderr)")
        #expect(vacuum.stderr.contains("vacuumed"))
        let check = await host.run(["store", "check"])
        #expect(check.code == .success, "\(check.stderr)")
        #expect(check.stdout == "ok\n")
        #expect(try host.snapshot(["stub_answers", "other_answers"]) == before)
        let offline = await host.run(["stub", "election", "--offline", "--json"])
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(offline.stdout.contains("\"r2\""))
    }

    @Test("check on a damaged file exits non-zero and says so", arguments: ["pages", "garbage"])
    func damaged(kind: String) async throws {
        let host = try await Self.filled()
        // Checkpoint the WAL into the main file, then damage the main file.
        #expect(await host.run(["store", "vacuum"]).code == .success)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: host.storePath + suffix) }
        let url = URL(fileURLWithPath: host.storePath)
        var bytes = try Data(contentsOf: url)
        if kind == "pages" {
            // Keep the header and the schema page; scribble over every page after them.
            let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
            #expect(bytes.count > 3 * pageSize)
            for index in stride(from: 2 * pageSize, to: bytes.count, by: 7) { bytes[index] = 0xA5 }
        } else {
            bytes = Data(repeating: 0x5A, count: bytes.count)
        }
        try bytes.write(to: url)

        let check = await host.run(["store", "check"])
        #expect(check.code != .success, "\(kind): \(check.stdout)")
        #expect(check.stdout != "ok\n")
        #expect(check.stderr.contains("damage"), "\(kind): \(check.stderr)")
        // The damage SQLite found, then one error line.
        #expect(check.errors.count == 1 && !check.stderr.contains("Fatal error"), "\(kind): \(check.stderr)")
    }
}
