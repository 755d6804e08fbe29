import APIHost
import Foundation
import Testing
import TestSupport

@testable import NYT

/// `apicli nyt … --offline` answers what it can, in-process: a search matching
/// nothing stored is an empty answer (exit 0), not "nothing stored"; `--fq` is
/// applied to stored articles, or refused in one line when it cannot be. (This was
/// the binary's `NYTOfflineSearchEndToEndTests`.)
@Suite("NYT offline search, in-process")
struct OfflineSearchTests {
    static func sections(_ run: InProcessHost.Run) throws -> [String] {
        try NYTHost.objects(run).compactMap { $0["section_name"] as? String }
    }

    @Test("no stored match exits 0 saying so; --fq keeps only the stored articles it names; a filter the store cannot read is refused")
    func offline() async throws {
        let host = try NYTHost.host(try NYTHost.routes())
        let empty = await host.run(["nyt", "trump", "--offline"])
        #expect(empty.code == .unavailable, "nothing at all stored is still 69")
        #expect(empty.stderr.contains("nothing stored for \"trump\""), "\(empty.stderr)")

        let online = await host.run(["nyt", "election", "--json"])
        #expect(online.code == .success, "\(online.stderr)")
        #expect(host.transport.requests.count == 1)
        #expect(try host.count("nyt_articles") == 10)

        let none = await host.run(["nyt", "zanzibarquark", "--offline"])
        #expect(none.code == .success, "\(none.stderr)")
        #expect(none.stdout.isEmpty)
        #expect(none.stderr.contains("no stored articles match"), "\(none.stderr)")
        let failEmpty = await host.run(["nyt", "zanzibarquark", "--offline", "--fail-empty"])
        #expect(failEmpty.code == .empty)

        // "trump" matches a World and a Movies article among the stored ones.
        let all = await host.run(["nyt", "trump", "--offline", "--json"])
        #expect(Set(try Self.sections(all)).isSuperset(of: ["World", "Movies"]), "\(all.stdout.prefix(300))")
        let world = await host.run(["nyt", "trump", "--offline", "--json", "--fq", "section_name:(\"World\")"])
        #expect(world.code == .success, "\(world.stderr)")
        let kept = try Self.sections(world)
        #expect(!kept.isEmpty && kept.allSatisfy { $0 == "World" }, "\(kept)")
        // A filter alone searches every stored article.
        let alone = await host.run(["nyt", "--offline", "--json", "--fq", "section_name:(\"World\" \"Movies\")"])
        #expect(try Self.sections(alone).sorted() == ["Movies", "World", "World", "World"])

        let refused = await host.run(["nyt", "trump", "--offline", "--fq", "section_name:World OR news_desk:Sports"])
        #expect(refused.code == .usage)
        #expect(refused.isOneErrorLine, "\(refused.stderr)")
        #expect(refused.stderr.contains("cannot be applied to stored articles"), "\(refused.stderr)")
        #expect(host.transport.requests.count == 1, "offline sends nothing")
    }
}
