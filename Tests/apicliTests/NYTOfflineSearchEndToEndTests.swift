import Foundation
import Testing
import TestSupport

/// `apicli nyt … --offline` answers what it can: a search matching nothing
/// stored is an empty answer (exit 0), not "nothing stored"; `--fq` is applied
/// to stored articles, or refused in one line when it cannot be.
@Suite("NYT offline search, end to end")
struct NYTOfflineSearchEndToEndTests {
    static func sections(_ data: Data) throws -> [String] {
        let articles = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return articles.compactMap { $0["section_name"] as? String }
    }

    @Test("no stored match exits 0 saying so; --fq keeps only the stored articles it names; a filter the store cannot read is refused")
    func offline() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let empty = try await sandbox.run(["nyt", "trump", "--offline"])
        #expect(empty.exitCode == 69, "nothing at all stored is still 69")
        #expect(empty.stderrText.contains("nothing stored for \"trump\""), "\(empty.stderrText)")

        let online = try await sandbox.run(["nyt", "election", "--json"])
        #expect(online.exitCode == 0, "\(online.stderrText)")
        #expect(fixtures.requests.count == 1)
        #expect(try sandbox.count("nyt_articles") == 10)

        let none = try await sandbox.run(["nyt", "zanzibarquark", "--offline"])
        #expect(none.exitCode == 0, "\(none.stderrText)")
        #expect(none.stdoutText.isEmpty)
        #expect(none.stderrText.contains("no stored articles match"), "\(none.stderrText)")
        let failEmpty = try await sandbox.run(["nyt", "zanzibarquark", "--offline", "--fail-empty"])
        #expect(failEmpty.exitCode == 1)

        // "trump" matches a World and a Movies article among the stored ones.
        let all = try await sandbox.run(["nyt", "trump", "--offline", "--json"])
        #expect(Set(try Self.sections(all.stdout)).isSuperset(of: ["World", "Movies"]), "\(all.stdoutText.prefix(300))")
        let world = try await sandbox.run(["nyt", "trump", "--offline", "--json", "--fq", "section_name:(\"World\")"])
        #expect(world.exitCode == 0, "\(world.stderrText)")
        let kept = try Self.sections(world.stdout)
        #expect(!kept.isEmpty && kept.allSatisfy { $0 == "World" }, "\(kept)")
        // A filter alone searches every stored article.
        let alone = try await sandbox.run(["nyt", "--offline", "--json", "--fq", "section_name:(\"World\" \"Movies\")"])
        #expect(try Self.sections(alone.stdout).sorted() == ["Movies", "World", "World", "World"])

        let refused = try await sandbox.run(["nyt", "trump", "--offline", "--fq", "section_name:World OR news_desk:Sports"])
        #expect(refused.exitCode == 64)
        #expect(refused.stderrText.contains("cannot be applied to stored articles"), "\(refused.stderrText)")
        #expect(refused.stderrText.split(separator: "\n").count == 1)
        #expect(fixtures.requests.count == 1, "offline sends nothing")
    }
}
