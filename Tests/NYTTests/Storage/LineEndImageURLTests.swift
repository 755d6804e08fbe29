import APIHost
import Foundation
import Testing
import TestSupport

@testable import NYT

/// Image URLs ending in a carriage return, in a hostile (or careless) answer. The store
/// keeps them one per line, and `"\r\n"` is one `Character`: read back by characters, two
/// URLs came back as one, so `--offline` printed what the fresh answer did not.
@Suite("NYT: image URLs ending in a carriage return, fresh and offline")
struct LineEndImageURLTests {
    @Test("the stored image URLs read back as the fresh answer printed them")
    func offlineKeepsEveryURL() async throws {
        let page = String(decoding: try NYTHost.page(), as: UTF8.self)
            .replacingOccurrences(of: #"19nationstrump-thumbWide.jpg","height""#, with: #"19nationstrump-thumbWide.jpg\r","height""#)
        let host = try NYTHost.host(try NYTHost.routes(Data(page.utf8)))
        let fresh = await host.run(["nyt", "election", "--json"])
        #expect(fresh.code == .success, "\(fresh.stderr)")
        let offline = await host.run(["nyt", "election", "--json", "--offline"])
        #expect(offline.code == .success, "\(offline.stderr)")
        let freshURLs = try NYTHost.objects(fresh).map { $0["multimedia"] as? [String] ?? [] }
        let storedURLs = try NYTHost.objects(offline).map { $0["multimedia"] as? [String] ?? [] }
        #expect(freshURLs.joined().contains { $0.hasSuffix("19nationstrump-thumbWide.jpg\r") })
        #expect(freshURLs.joined().count > 2)
        #expect(storedURLs == freshURLs)
    }
}
