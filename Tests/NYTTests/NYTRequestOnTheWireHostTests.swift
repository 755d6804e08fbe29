import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import NYT

/// What NYT's search sends, read back from the URL the transport is given: every
/// query item exactly, the escaping, and the key there and only there. (This was
/// the NYT test of the binary's `RequestOnTheWireTests`.)
@Suite("NYT's request on the wire, in-process")
struct NYTRequestOnTheWireHostTests {
    @Test("nyt sends the words, dates as YYYYMMDD, sort, fq and the key, exactly")
    func search() async throws {
        let nyt = try NYTHost()
        let result = await nyt.run([
            "nyt", "c++ & rust", "--from", "2024-01-01", "--to", "20240131", "--sort", "newest", "--fq", #"x:("y")"#,
        ])
        #expect(result.code == .success, "\(result.stderr)")
        let request = try #require(nyt.requests.first)
        #expect(nyt.requests.count == 1)
        #expect(request.method == "GET")
        #expect(request.path == NYTHost.searchPath)
        #expect(request.sentQuery == [
            "q": "c++ & rust",
            "begin_date": "20240101",
            "end_date": "20240131",
            "sort": "newest",
            "fq": #"x:("y")"#,
            "api-key": NYTHost.key,
        ])
        // `+`, `&` and `=` travel escaped, or the server would read other words.
        #expect(!request.sentRawQuery.contains("c++"))
        #expect(request.sentRawQuery.contains("q=c%2B%2B%20%26%20rust"), "\(request.sentRawQuery)")
        #expect(!result.stdout.contains(NYTHost.key))
        #expect(!result.stderr.contains(NYTHost.key))
    }

    @Test("a bad APICLI_NYT_SPACING stops the run with 78, saying the true range", arguments: ["-1", "abc", "3601", "nan"])
    func badSpacing(_ text: String) async throws {
        let nyt = try NYTHost()
        let result = await nyt.run(["nyt", "election"], setting: ["APICLI_NYT_SPACING": text])
        #expect(result.code == .configuration && result.isOneErrorLine, "\(result.stderr)")
        // The wording is the behaviour: the variable, its true range and the value refused.
        #expect(result.stderr == "apicli: error: APICLI_NYT_SPACING must be a number of seconds from 0 to 3600 (0: no spacing), not '\(text)'\n")
        #expect(nyt.requests.isEmpty)
    }
}
