import APIHost
import Foundation
import Testing
import TestSupport

/// Stores that cannot be used as they are, in-process: one exit code per kind
/// (70 for a file that is not a usable database, 78 for a path that is not a
/// regular file), one error line that names what is wrong, nothing sent and the
/// file left as it was. (These were three of the binary's `StoreFailureEndToEndTests`;
/// the read-only store and the missing HOME stay there: see that file.)
@Suite("Store failures, in-process")
struct StoreFailureTests {
    static let answer = #"[{"id": "r1", "title": "First"}]"#

    static func host() throws -> InProcessHost {
        try InProcessHost(sources: [.compiled([StubProvider()])]) { _, _ in InProcessHost.json(answer) }
    }

    @Test("a folder as the store: 78, one line naming it, nothing is created inside it, nothing sent")
    func folderAsStore() async throws {
        let host = try Self.host()
        let folder = try host.directory.makeDirectory("a-folder")
        let run = await host.run(["stub", "election", "--db", folder.path])
        #expect(run.code == .configuration, "\(run.stderr)")
        #expect(run.isOneErrorLine, "\(run.stderr)")
        #expect(run.stderr.contains("the store at \(folder.path) is a folder, not a database file"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        #expect(host.transport.requests.isEmpty)
    }

    @Test("a file that is not SQLite: 70, 'not an apicli database', the file is unchanged")
    func notADatabase() async throws {
        let host = try Self.host()
        let path = host.directory.path("notes.txt")
        let bytes = Data(String(repeating: "not a database\n", count: 300).utf8)
        try bytes.write(to: URL(fileURLWithPath: path))
        for words in [["stub", "election", "--db", path], ["store", "info", "--db", path]] {
            let run = await host.run(words)
            #expect(run.code == .software, "\(words): \(run.stderr)")
            #expect(run.isOneErrorLine, "\(words): \(run.stderr)")
            #expect(run.stderr.contains("the store at \(path) is not an apicli database"), "\(words): \(run.stderr)")
        }
        let check = await host.run(["store", "check", "--db", path])
        #expect(check.code == .software)
        #expect(check.errors.last?.contains("the store at \(path) is not an apicli database") == true, "\(check.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(host.transport.requests.isEmpty)
    }

    @Test("a damaged store: the same code (70) on every path, pointing at 'apicli store check'")
    func damaged() async throws {
        let host = try Self.host()
        #expect(await host.run(["stub", "election"]).code == .success)
        #expect(await host.run(["store", "vacuum"]).code == .success)
        // The header survives; the schema page and everything after it do not.
        let bytes = try StoreFiles.damage(at: host.storePath)
        for words in [["stub", "election", "--offline"], ["store", "info"], ["stub", "election"]] {
            let run = await host.run(words)
            #expect(run.code == .software, "\(words): \(run.stderr)")
            #expect(run.isOneErrorLine, "\(words): \(run.stderr)")
            #expect(run.stderr.hasSuffix("is damaged; run 'apicli store check'\n"), "\(words): \(run.stderr)")
        }
        let check = await host.run(["store", "check"])
        #expect(check.code == .software)
        #expect(check.errors.last?.hasSuffix("the store at \(host.storePath) is damaged; move it aside and fetch again") == true, "\(check.stderr)")
        // Nothing tried to repair or replace it.
        #expect(try Data(contentsOf: URL(fileURLWithPath: host.storePath)) == bytes)
    }
}
