import Foundation
import Testing
import TestSupport

/// `apicli help NAME` groups a provider file's operations under its tags, `help NAME WORD`
/// lists those that mention a word, an unknown operation word names them, and an
/// operation answers to its alias, which its page says.
@Suite("Help for a provider file's operations")
struct OperationHelpHostTests {
    /// Three operations: two tagged Lists (one with the alias a shortened import leaves), one Reviews.
    static let file = """
        {
          "apicli": 2, "name": "books", "summary": "Best sellers.", "baseURL": "https://books.invalid", "key": "none",
          "operations": [
            {"name": "lists-date-list", "summary": "One list on a date.", "aliases": ["get-lists-date-list"], "tags": ["Lists"],
             "path": "/lists/{date}/{list}.json",
             "arguments": [{"name": "date", "parameter": "date", "type": "date", "format": "yyyy-MM-dd"},
                           {"name": "list", "parameter": "list", "type": "choice", "choices": ["fiction", "nonfiction"]}],
             "options": [{"name": "offset", "parameter": "offset", "type": "integer"}],
             "items": "results.books", "columns": [{"name": "title", "path": "title", "kind": "text", "searchable": true}]},
            {"name": "reviews", "summary": "Book reviews by author.", "tags": ["Reviews"], "path": "/reviews.json",
             "options": [{"name": "author", "parameter": "author", "type": "text"}],
             "items": "results", "columns": [{"name": "title", "path": "book_title", "kind": "text", "searchable": true}]},
            {"name": "lists-names", "summary": "The names of the lists.", "tags": ["Lists"], "path": "/lists/names.json",
             "items": "results", "columns": [{"name": "name", "path": "list_name", "kind": "text", "searchable": true}]}
          ]
        }
        """

    static func host() throws -> ProviderFilesHost {
        let host = try ProviderFilesHost()
        try host.installProviderFile("books", file)
        return host
    }

    @Test("help NAME lists the operations under their tags, each group once, in the order they first appear")
    func grouped() async throws {
        let help = try await Self.host().run(["help", "books"])
        #expect(help.code == .success, "\(help.stderr)")
        let lists = try #require(help.stdout.range(of: "  Lists:\n"))
        let reviews = try #require(help.stdout.range(of: "  Reviews:\n"))
        #expect(lists.lowerBound < reviews.lowerBound)
        let names = try #require(help.stdout.range(of: "lists-names"))
        #expect(names.lowerBound < reviews.lowerBound, "lists-names is under Lists, not after Reviews:\n\(help.stdout)")
        #expect(help.stdout.components(separatedBy: "Lists:").count == 2)
        #expect(help.stdout.contains("'get-lists-date-list' is 'lists-date-list'"), "\(help.stdout)")
    }

    @Test("help NAME WORD lists the operations whose name, path or summary mention every word")
    func search() async throws {
        let host = try Self.host()
        let names = await host.run(["help", "books", "names"])
        #expect(names.code == .success, "\(names.stderr)")
        #expect(names.stdout.contains("lists-names") && !names.stdout.contains("reviews"), "\(names.stdout)")
        #expect(names.stdout.contains("1 of 3 operations mention 'names'"), "\(names.stdout)")
        let list = await host.run(["help", "books", "list"])
        #expect(list.stdout.contains("lists-date-list") && list.stdout.contains("lists-names") && !list.stdout.contains("reviews"))
        let path = await host.run(["help", "books", "reviews.json"])
        #expect(path.stdout.contains("1 of 3"), "the path is searched too: \(path.stdout)")
        let summary = await host.run(["help", "books", "AUTHOR"])
        #expect(summary.stdout.contains("reviews"), "the summary, case ignored: \(summary.stdout)")
        let both = await host.run(["help", "books", "list", "date"])
        #expect(both.stdout.contains("1 of 3"), "every word: \(both.stdout)")
        let none = await host.run(["help", "books", "zebra"])
        #expect(none.code == .usage && none.stderr.contains("no operation of books"), "\(none.stderr)")
    }

    @Test("an unknown operation word names the operations that mention it; the nearest first")
    func unknownWord() async throws {
        let host = try Self.host()
        let run = await host.run(["books", "list"])
        #expect(run.code == .usage)
        #expect(run.stderr.contains("unknown operation 'list' of books; operations that mention it: lists-date-list, lists-names"),
                "\(run.stderr)")
        #expect(run.stderr.contains("'apicli help books list'"))
        let typo = await host.run(["books", "reviewz"])
        #expect(typo.code == .usage && typo.stderr.contains("did you mean 'reviews'?"), "\(typo.stderr)")
        #expect(host.requests.isEmpty)
    }

    @Test("an alias runs and shows the operation, whose page says it is its full name; an argument lists its values")
    func alias() async throws {
        let host = try Self.host()
        let page = await host.run(["help", "books", "get-lists-date-list"])
        #expect(page.code == .success, "\(page.stderr)")
        #expect(page.stdout.hasPrefix("apicli books lists-date-list: One list on a date."), "\(page.stdout)")
        #expect(page.stdout.contains("Also called get-lists-date-list: its full name"), "\(page.stdout)")
        let flat = page.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("Sends GET /lists/{date}/{list}.json"), "\(flat)")
        #expect(page.stdout.contains("(values: fiction, nonfiction)"), "\(page.stdout)")
        let run = await host.run(["books", "get-lists-date-list", "--help"])
        #expect(run.code == .success && run.stdout.hasPrefix("apicli books lists-date-list:"), "\(run.stdout)")
    }
}
