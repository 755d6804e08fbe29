import APIHost
import Foundation
import Testing
import TestSupport

@testable import NYT

/// `apicli store schema` and `store vacuum` on NYT's tables, in-process: the schema
/// names NYT's tables and columns with a meaning each, and a vacuum keeps the
/// full-text index offline search reads. (From the binary's `StoreSQLEndToEndTests`
/// and `StoreCommandEndToEndTests`; the store commands themselves, and the host's own
/// tables in the schema, are `APIHostTests`' `StoreCommandTests`.)
@Suite("store schema and vacuum on NYT's tables, in-process")
struct NYTSchemaTests {
    @Test("store schema lists each owner's tables and columns with a meaning each")
    func schema() async throws {
        let host = try NYTHost.host(try NYTHost.routes())
        #expect(await host.run(["nyt", "election"]).code == .success)
        let run = await host.run(["store", "schema"])
        #expect(run.code == .success, "\(run.stderr)")
        let text = run.stdout
        for heading in ["apicli (the host)\n", "\nnyt\n"] { #expect(text.contains(heading), "\(heading)") }
        #expect(text.contains("  nyt_articles  — "))
        #expect(text.contains("    pub_date          TEXT     publication time"))
        #expect(!text.contains("nyt_articles_fts_data"))
        let columnLines = text.split(separator: "\n").filter { $0.hasPrefix("    ") }
        #expect(columnLines.count > 30)
        #expect(columnLines.allSatisfy { $0.split(separator: " ").count >= 3 }, "a column without a meaning")
    }

    @Test("a vacuum keeps NYT's full-text index: offline search still finds a stored article")
    func vacuumKeepsTheIndex() async throws {
        let host = try NYTHost.host(try NYTHost.routes())
        #expect(await host.run(["nyt", "election"]).code == .success)
        let vacuum = await host.run(["store", "vacuum"])
        #expect(vacuum.code == .success, "\(vacuum.stderr)")
        let offline = await host.run(["nyt", "Nigerian", "--offline", "--json"])
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(offline.stdout.contains(NYTHost.firstID))
    }
}
