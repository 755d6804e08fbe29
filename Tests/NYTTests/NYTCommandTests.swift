import APICore
import APIHost
import Foundation
import Testing
import TestSupport

@testable import NYT

@Suite struct NYTCommandTests {
    let provider = NYTProvider()

    @Test func wordsAreJoinedBySpaces() throws {
        let queries = try provider.queries(from: command(["c++", "&", "rust"]))
        #expect(queries.count == 1)
        #expect(queries.first?.words == "c++ & rust")
        #expect(try provider.queries(from: command(["  c++ &  rust "])).first?.words == "c++ & rust")
    }

    @Test(arguments: [("20240131", "20240131"), ("2024-01-31", "20240131"), ("2024-02-29", "20240229"), ("18510918", "18510918")])
    func datesInEitherSpelling(_ input: String, _ sent: String) throws {
        let query = try #require(try provider.queries(from: command(["x"], ["from": input, "to": input])).first)
        #expect(query.beginDate?.compact == sent)
        #expect(query.endDate?.compact == sent)
    }

    @Test(arguments: ["2023-02-29", "20241301", "2024-00-10", "2024-04-31", "2024/01/31", "2024-1-31", "yesterday", "", "2024013"])
    func badDatesAreUsageErrors(_ input: String) {
        #expect(throws: UsageError.self) { try provider.queries(from: command(["x"], ["from": input])) }
        #expect(throws: UsageError.self) { try provider.queries(from: command(["x"], ["to": input])) }
    }

    @Test func badDateMessageIsOneClearLine() {
        do {
            _ = try provider.queries(from: command(["x"], ["from": "2024-02-30"]))
            Issue.record("expected a usage error")
        } catch let error as UsageError {
            #expect(error.message.contains("--from"))
            #expect(error.message.contains("YYYYMMDD"))
            #expect(error.message.contains("2024-02-30"))
            #expect(!error.message.contains("\n"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func fromAfterToIsAUsageError() {
        #expect(throws: UsageError.self) {
            try provider.queries(from: command(["x"], ["from": "2024-02-01", "to": "2024-01-01"]))
        }
    }

    @Test func sortPageAndPages() throws {
        let query = try #require(
            try provider.queries(from: command(["x"], ["sort": "newest", "page": "3", "pages": "4", "fq": "a:b"])).first)
        #expect(query.sort == .newest)
        #expect(query.firstPage == 3)
        #expect(query.pages == 4)
        #expect(query.filter == "a:b")
        #expect(throws: UsageError.self) { try provider.queries(from: command(["x"], ["sort": "best"])) }
        #expect(throws: UsageError.self) { try provider.queries(from: command(["x"], ["page": "101"])) }
        #expect(throws: UsageError.self) { try provider.queries(from: command(["x"], ["page": "-1"])) }
        #expect(throws: UsageError.self) { try provider.queries(from: command(["x"], ["pages": "0"])) }
    }

    @Test func pagesNeverPastPage100() throws {
        let query = try #require(try provider.queries(from: command(["x"], ["page": "98", "pages": "10"])).first)
        #expect(query.lastPage == 100)
        #expect(provider.pageCount(for: query) == 3)
    }

    @Test func noWordsIsAUsageError() {
        #expect(throws: UsageError.self) { try provider.queries(from: command([])) }
        #expect(throws: UsageError.self) { try provider.queries(from: command(["  "])) }
    }

    @Test func descriptorFacts() {
        let descriptor = provider.descriptor
        #expect(descriptor.name == "nyt")
        #expect(descriptor.displayName == "NYT")
        #expect(descriptor.credential?.parameter == "api-key")
        #expect(descriptor.credential?.environmentVariable == "NYT_API_KEY")
        #expect(descriptor.defaultBaseURL.absoluteString == "https://api.nytimes.com")
        #expect(descriptor.cacheTTL == .seconds(3600))
        #expect(descriptor.rateLimits == [.perMinute(5), .perDay(500), .spacing(.seconds(12))])
        #expect(descriptor.options.first { $0.name == "sort" }?.choices == ["newest", "oldest", "relevance"])
        #expect(descriptor.arguments.count == 1 && descriptor.arguments[0].variadic)
    }
}

/// NYT's own refusals reach the user through the host as usage errors, in-process: 64,
/// one line naming the value, nothing sent. (From NYT's half of the binary's `ExitCodeTests`;
/// how the host reports a provider's usage error is `APIHostTests`' `ExitCodeTests`.)
@Suite("NYT's refused values, in-process")
struct RefusedValuesTests {
    @Test("bad values: a bad date, a garbled date, --sort sideways: 64 before any request")
    func badValues() async throws {
        let host = try InProcessHost(
            sources: [.compiled([NYTProvider()])], variables: ["NYT_API_KEY": "nytKEY-inprocess-4f1c9a", "APICLI_NYT_SPACING": "0"]
        ) { _, _ in InProcessHost.json("{}") }
        let cases = [(["--from", "2024-02-30"], "--from"), (["--to", "yesterday"], "--to"), (["--sort", "sideways"], "sort")]
        for (words, mention) in cases {
            let run = await host.run(["nyt", "election"] + words)
            #expect(run.code == .usage, "\(words): \(run.stderr)")
            #expect(run.stderr.contains(mention), "\(run.stderr)")
            #expect(run.isOneErrorLine, "\(run.stderr)")
        }
        #expect(host.transport.requests.isEmpty)
    }
}
