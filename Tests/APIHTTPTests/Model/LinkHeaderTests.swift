import Foundation
import Testing
import TestSupport
@testable import APIHTTP

/// RFC 8288 `Link` fields: GitHub's recorded headers, and the parts of the grammar that
/// splitting on `,` and `;` would get wrong.
@Suite("Link headers (RFC 8288)")
struct LinkHeaderTests {
    @Test("GitHub's five recorded Link headers: next on pages 1-4, none on page 5, every relation read")
    func recorded() throws {
        let text = String(decoding: try Fixtures.real("openapi-answers/github_issues_per_page3_link_headers_octokit-fixtures.txt"), as: UTF8.self)
        let headers = text.split(separator: "\n").map { $0.split(separator: "\t", maxSplits: 1)[1] }
        try #require(headers.count == 5)
        let links = headers.map { LinkHeader.parse(String($0)) }
        #expect(links.map { $0.flatMap(\.relations) } == [
            ["next", "last"], ["prev", "next", "last", "first"], ["prev", "next", "last", "first"],
            ["prev", "next", "last", "first"], ["prev", "first"],
        ])
        #expect(links.map { $0.first(relation: "next")?.target } == [
            "https://api.github.com/repositories/515435940/issues?per_page=3&page=2",
            "https://api.github.com/repositories/515435940/issues?per_page=3&page=3",
            "https://api.github.com/repositories/515435940/issues?per_page=3&page=4",
            "https://api.github.com/repositories/515435940/issues?per_page=3&page=5",
            nil,
        ])
    }

    @Test("Commas and semicolons inside a target or a quoted value do not split links")
    func quoting() {
        let links = LinkHeader.parse(#"<https://a.example/x?ids=1,2;3>; title="one, two; three"; rel="next", </y>; rel=prev"#)
        #expect(links.count == 2)
        #expect(links.first?.target == "https://a.example/x?ids=1,2;3")
        #expect(links.first?.parameters["title"] == "one, two; three")
        #expect(links.first(relation: "prev")?.target == "/y")
    }

    @Test("rel holds several relations, in any case; a second rel is ignored; parameter names in any case")
    func relations() {
        let links = LinkHeader.parse(#"</p/3>; REL="Last NEXT"; rel="prev"; Title=x"#)
        #expect(links.first?.relations == ["last", "next"])
        #expect(links.first?.parameters["title"] == "x")
        #expect(links.first(relation: "Next")?.target == "/p/3")
        #expect(links.first(relation: "prev") == nil)
    }

    @Test("A quoted value's escapes are undone")
    func escapes() {
        #expect(LinkHeader.parse(#"</a>; title="say \"hi\""; rel=next"#).first?.parameters["title"] == #"say "hi""#)
    }

    @Test("A malformed link is skipped and the ones around it kept", arguments: [
        #"garbage, </ok>; rel=next"#,
        #"<no-end; rel=prev, </ok>; rel=next"#,
        #"</bad>; =x, </ok>; rel=next"#,
        #"</bad>; rel="never closed, </ok>; rel=next"#,
    ])
    func malformed(_ text: String) {
        let next = LinkHeader.parse(text).first(relation: "next")?.target
        // The last case's open quote swallows the rest: nothing is made up from it.
        #expect(next == (text.contains("never closed") ? nil : "/ok"), "\(text)")
    }

    @Test("Every Link field of an answer is read, in order, whatever the name's case")
    func severalFields() {
        let headers = HTTPHeaders([("Link", "</1>; rel=prev"), ("Content-Type", "application/json"), ("link", "</2>; rel=next")])
        #expect(LinkHeader.links(in: headers).map(\.target) == ["/1", "/2"])
    }

    @Test("Empty and whitespace fields give no links")
    func empty() {
        #expect(LinkHeader.parse("").isEmpty)
        #expect(LinkHeader.parse("  ,  ").isEmpty)
    }
}
