import APIHost
import Foundation
import Testing
import TestSupport

@testable import NYT

/// A headline full of escapes and bidi overrides, through the host in-process:
/// cleaned in the table and in line templates, exact in JSON and in the store.
/// (These were the NYT halves of the binary's `HostileTextEndToEndTests` and of
/// `ScriptingEndToEndTests`' hostile-template test.)
@Suite("NYT: hostile server text, in-process")
struct HostileTextRunTests {
    static func host() throws -> InProcessHost {
        let page = String(decoding: try NYTHost.page(), as: UTF8.self)
            .replacingOccurrences(of: "Troops Gun Down Suicide Bomber in Northeast Nigerian City", with: HostileText.json)
        return try NYTHost.host(try NYTHost.routes(Data(page.utf8)))
    }

    @Test("the table carries no control or bidi characters; JSON and the store keep the text exact")
    func cleanedForTerminalsOnly() async throws {
        let host = try Self.host()
        let table = await host.run(["nyt", "election", "--wide"])
        #expect(table.code == .success, "\(table.stderr)")
        #expect(table.stdout.contains("Evil") && table.stdout.contains("gnp.exe"))
        #expect(HostileText.forbiddenIn(table.stdout).isEmpty, "\(HostileText.forbiddenIn(table.stdout))")
        #expect(!table.stdout.contains("\t"))

        let json = await host.run(["nyt", "election", "--json"])
        #expect(try NYTHost.objects(json).first?["headline"] as? String == HostileText.decoded)
        let stored = try host.rows("SELECT headline FROM nyt_articles WHERE id = '\(NYTHost.firstID)'")
        #expect(stored.first?["headline"].string == HostileText.decoded, "cleaned at render time, never in the store")
    }

    @Test("line templates clean it too: no escapes, controls or bidi overrides")
    func hostileTextInTemplates() async throws {
        let host = try Self.host()
        let run = await host.run(["nyt", "election", "--template", "[{headline}] {headline:12}"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(HostileText.forbiddenIn(run.stdout).isEmpty)
        #expect(run.stdout.contains("[Evil linkgnp.exe x end] Evil linkgn…"))
        #expect(run.stdout.split(separator: "\n").count == 10)
    }
}
