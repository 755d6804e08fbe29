@testable import APIHost
@testable import ProviderFiles
import Foundation
import Testing

/// Every hostile or broken file is refused with the field and the line at fault.
@Suite("Reading provider files")
struct ProviderFileReaderTests {
    @Test("The sample files read, and writing one back reads the same")
    func roundTrip() throws {
        for text in [SampleFiles.hackerNews, SampleFiles.wikipedia] {
            let file = try SampleFiles.read(text)
            let written = ProviderFileWriter.text(file)
            let again = try SampleFiles.read(written)
            #expect(ProviderFileWriter.text(again) == written)
            #expect(again.primary.columns == file.primary.columns)
            #expect(again.primary.paging == file.primary.paging)
        }
    }

    /// A change to the HN file, the field it must blame, and words the message must hold.
    struct Hostile: Sendable, CustomTestStringConvertible {
        var label: String
        var replace: String
        var with: String
        var field: String
        var says: String
        var testDescription: String { label }
    }

    static let hostile: [Hostile] = [
        Hostile(label: "missing items", replace: #""items": "hits","#, with: "", field: "items", says: "missing"),
        Hostile(label: "summary of the wrong type", replace: #""summary": "Search Hacker News stories (Algolia).""#,
                with: #""summary": 42"#, field: "summary", says: "must be a string, not a number"),
        Hostile(label: "unknown column kind", replace: #""kind": "number"}"#, with: #""kind": "numbr"}"#,
                field: "columns[1].kind", says: "did you mean 'number'"),
        Hostile(label: "unknown option type", replace: #""type": "choice""#, with: #""type": "list""#,
                field: "options[0].type", says: "unknown type 'list'"),
        Hostile(label: "file: URL", replace: "https://hn.algolia.com", with: "file:///etc/passwd", field: "baseURL",
                says: "http:// or https://"),
        Hostile(label: "ftp URL", replace: "https://hn.algolia.com", with: "ftp://hn.algolia.com", field: "baseURL",
                says: "http:// or https://"),
        Hostile(label: "compiled provider's name", replace: #""name": "hn""#, with: #""name": "nyt""#, field: "name",
                says: "taken by a compiled provider"),
        Hostile(label: "built-in command's name", replace: #""name": "hn""#, with: #""name": "store""#, field: "name",
                says: "taken by a compiled provider or a built-in command"),
        Hostile(label: "absurd page size", replace: #""size": 1"#, with: #""size": 1000000"#, field: "paging.size",
                says: "from 1 to 1000"),
        Hostile(label: "too deep a key path", replace: #""items": "hits""#,
                with: #""items": "a.b.c.d.e.f.g.h.i.j.k.l.m""#, field: "items", says: "at most 12 deep"),
        Hostile(label: "another provider's key variable", replace: #""key": "none""#,
                with: #""key": {"parameter": "k", "environmentVariable": "AWS_SECRET_ACCESS_KEY"}"#,
                field: "key.environmentVariable", says: "only read its own variable, HN_API_KEY"),
        Hostile(label: "a typo'd field", replace: #""columns":"#, with: #""colums": [], "columns":"#, field: "colums",
                says: "did you mean 'columns'"),
        Hostile(label: "a global option's name", replace: #""name": "tags""#, with: #""name": "format""#,
                field: "options[0].name", says: "already an option"),
        Hostile(label: "one parameter twice", replace: #""parameter": "tags""#, with: #""parameter": "query""#,
                field: "options[0].parameter", says: "already used by words.parameter"),
        Hostile(label: "no key field", replace: #""key": "none","#, with: "", field: "key", says: "use \"none\""),
    ]

    @Test("Hostile files name the field and line", arguments: hostile)
    func refused(_ case: Hostile) throws {
        let text = SampleFiles.hackerNews.replacingOccurrences(of: `case`.replace, with: `case`.with)
        #expect(text != SampleFiles.hackerNews, "the case changes the file")
        do {
            _ = try SampleFiles.read(text)
            Issue.record("\(`case`.label) was accepted")
        } catch {
            let problem = try #require(error.problems.first { $0.field == `case`.field }, "\(error.lines)")
            #expect(problem.message.contains(`case`.says), "\(problem.message)")
            #expect(error.description.hasPrefix("test.json:"), "\(error.description)")
            #expect(ErrorMapping.cliError(ProviderFailure.misdescribed(error.description)).exitCode == .configuration)
            if problem.field != "items" || `case`.says != "missing", problem.field != "key" {
                // The line is where the offending text is.
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                let line = try #require(problem.line)
                #expect(lines[line - 1].contains(`case`.with.split(separator: ":").first.map(String.init) ?? "?"),
                        "line \(line): \(lines[line - 1])")
            }
        }
    }

    @Test("A name that differs from the file name is refused")
    func nameMismatch() throws {
        #expect(throws: ProviderFileError.self) { try SampleFiles.read(SampleFiles.hackerNews, name: "hackernews") }
    }

    @Test("Syntax errors give the line and column")
    func syntax() {
        let text = "{\n  \"apicli\": 1,\n  \"name\": \"hn\"\n  \"summary\": \"x\"\n}"
        do {
            _ = try SampleFiles.read(text)
            Issue.record("accepted")
        } catch {
            #expect(error.problems.first?.line == 4, "\(error.lines)")
            #expect(error.description.contains("expected ',' or '}'"), "\(error.description)")
        }
    }

    @Test("Deep nesting is refused, not recursed into")
    func nesting() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: ProviderFileError.self) { try SampleFiles.read(text) }
    }

    @Test("Every problem is reported, not only the first")
    func allProblems() throws {
        let text = SampleFiles.hackerNews
            .replacingOccurrences(of: #""kind": "number"}"#, with: #""kind": "numbr"}"#)
            .replacingOccurrences(of: "https://hn.algolia.com", with: "gopher://x")
        let error = try #require(throws: ProviderFileError.self) { try SampleFiles.read(text) }
        #expect(Set(error.problems.map(\.field)) == ["baseURL", "columns[1].kind"], "\(error.lines)")
        #expect(error.description.contains("and 1 more"), "\(error.description)")
    }
}
