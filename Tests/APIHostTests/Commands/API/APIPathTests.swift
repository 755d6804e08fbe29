import Foundation
import Testing
@testable import APIHost

@Suite("apicli api: the path, the arguments, the indenter")
struct APIPathTests {
    @Test("a path gets its leading slash, escapes what must be escaped and keeps valid escapes")
    func encoding() throws {
        #expect(try APIPath("svc/topstories/v2/home.json").path == "/svc/topstories/v2/home.json")
        #expect(try APIPath("/a b/é/%41/x:y@z/").path == "/a%20b/%C3%A9/%41/x:y@z/")
        let withQuery = try APIPath("/search?q=c%2B%2B+rust&flag&x=a=b")
        #expect(withQuery.path == "/search")
        #expect(withQuery.query == [QueryItem("q", "c++ rust"), QueryItem("flag", ""), QueryItem("x", "a=b")])
    }

    @Test("what could leave the base URL is refused", arguments: [
        "", "//h/x", "http://h/x", "javascript:alert(1)", "/a/../b", "/a/./b", "/%2E%2e/x", "/a%2fb", "/a%5Cb",
        "/a//b", "/a#b", "/a\u{0}b", "/a\nb", "/bad%zz", "/a%2",
    ])
    func refused(_ text: String) {
        #expect(throws: UsageError.self) { try APIPath(text) }
    }

    @Test("-q pairs are collected in order after the path's own; before the provider, -q is --quiet")
    func arguments() throws {
        let parsed = try APIArguments(
            ["-q", "nyt", "/p?a=1", "-q", "b=2", "--query", "c=3", "--query=d=4=5", "-qe=6", "--include"], variables: [:])
        #expect(parsed.options.quiet)
        #expect(parsed.provider == "nyt")
        #expect(parsed.query.map(\.name) == ["a", "b", "c", "d", "e"])
        #expect(parsed.query.last?.value == "6")
        #expect(parsed.query[3].value == "4=5")
        #expect(parsed.include && !parsed.paginate)
        #expect(throws: UsageError.self) { try APIArguments(["nyt", "/p", "-q", "novalue"], variables: [:]) }
        #expect(throws: UsageError.self) { try APIArguments(["nyt"], variables: [:]) }
        #expect(throws: UsageError.self) { try APIArguments(["nyt", "/p", "--format", "csv"], variables: [:]) }
    }

    @Test("the indenter keeps members in order and numbers as sent, and refuses what is not JSON")
    func indenter() {
        let text = JSONIndenter.indent(Data(#"{"z":[1,2.50,{}],"a":"x\"{,}","e":[]}"#.utf8))
        #expect(text == "{\n  \"z\": [\n    1,\n    2.50,\n    {}\n  ],\n  \"a\": \"x\\\"{,}\",\n  \"e\": []\n}\n")
        #expect(JSONIndenter.indent(Data("<html>".utf8)) == nil)
        #expect(JSONIndenter.indent(Data()) == nil)
    }
}
