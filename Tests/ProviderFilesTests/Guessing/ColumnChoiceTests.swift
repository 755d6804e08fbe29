@testable import ProviderFiles
import APICore
import Foundation
import Testing
import TestSupport

/// Columns a person would choose, from real GitHub and NYT answers.
@Suite("Column guessing")
struct ColumnChoiceTests {
    static func items(_ fixture: String) throws -> [JSONValue] {
        let value = try JSONValue.parse(Fixtures.real("openapi-answers/" + fixture))
        if case let .array(items) = value { return items }
        return [value]
    }

    static func guess(_ items: [JSONValue]) -> [ProviderFile.Column] {
        let fields = ColumnGuess.fields(ofItems: items)
        return ColumnGuess.columns(from: fields, id: ColumnGuess.id(among: fields, items: items))
    }

    @Test("A GitHub repository (the item of a repository search): full_name, html_url, stars; no two alike")
    func githubRepository() throws {
        let columns = Self.guess(try Self.items("github_get_repository_hello-world_octokit-fixtures.json"))
        let paths = columns.map(\.path.description)
        #expect(paths.first == "full_name", "\(paths)")
        #expect(paths.contains("html_url"), "\(paths)")
        #expect(paths.contains("stargazers_count"), "\(paths)")
        #expect(!(paths.contains("forks") && paths.contains("forks_count")), "\(paths)")
        #expect(!paths.contains { $0.hasSuffix("_url") && $0 != "html_url" }, "an API's own links are left out: \(paths)")
        let meanings = columns.map { ColumnChoice.meaning(of: ColumnGuess.Field(path: $0.path.description, kind: $0.kind)) }
        #expect(Set(meanings).count == meanings.count, "\(paths)")
        #expect(columns.count <= ColumnGuess.maxColumns)
    }

    @Test("GitHub issues: the title, the page, a count and a date")
    func githubIssues() throws {
        let paths = Self.guess(try Self.items("github_issues_per_page3_page1_octokit-fixtures.json")).map(\.path.description)
        #expect(paths.first == "title", "\(paths)")
        #expect(paths.contains("html_url"), "\(paths)")
        #expect(paths.contains("comments") || paths.contains("number"), "\(paths)")
        #expect(paths.contains { $0.hasSuffix("_at") }, "\(paths)")
    }

    @Test("A schema's description and format say what a field is")
    func descriptionAndFormat() {
        #expect(ColumnGuess.kind(ofText: "homepage", format: "uri", description: "") == .url)
        #expect(ColumnGuess.kind(ofText: "when", format: "date-time", description: "") == .date)
        #expect(ColumnGuess.kind(ofText: "ts", format: "", description: "Timestamp of the last push") == .date)
        #expect(ColumnGuess.kind(ofText: "page", format: "", description: "The URL of the page") == .url)
        #expect(ColumnGuess.kind(ofText: "label", format: "", description: "A label") == .text)
        // Two fields the schema describes alike are one column.
        let fields = [
            ColumnGuess.Field(path: "title", kind: .text),
            ColumnGuess.Field(path: "stars", kind: .number, description: "Stars given"),
            ColumnGuess.Field(path: "stargazers", kind: .number, description: "Stars given"),
        ]
        #expect(ColumnGuess.columns(from: fields, id: nil).map(\.name) == ["title", "stars"])
    }
}
