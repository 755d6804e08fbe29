@testable import APIDocuments
import Foundation
import Testing
import TestSupport

/// NYT's published OpenAPI documents (YAML only), read by the YAML reader and compared
/// with the same documents read by PyYAML and written as JSON (see Fixtures/SOURCES.md).
@Suite struct RealYAMLDocumentTests {
    static let names = [
        "archive_api", "article_search_v2", "books_api", "community_api_v3", "geo_api_v2", "most_popular_api_v2",
        "movie_reviews_v2", "semantic_api", "times_tags_v3", "timeswire_v3", "top_stories_v2",
    ]

    @Test(arguments: names)
    func readsLikePyYAML(name: String) throws {
        let tree = try YAMLDocumentReader.read(try DocumentFixtures.bytes("nyt/\(name).yaml"))
        let expected = try JSONDocumentReader.read(try DocumentFixtures.bytes("nyt/\(name).pyyaml.json"))
        #expect(firstDifference(tree, expected) == nil)
        #expect(tree["swagger"]?.string == "2.0" || tree["openapi"]?.string?.hasPrefix("3") == true)
        #expect((tree["paths"]?.members?.count ?? 0) > 0)
    }

    @Test func linesPointAtTheYAML() throws {
        let bytes = try DocumentFixtures.bytes("nyt/books_api.yaml")
        let tree = try YAMLDocumentReader.read(bytes)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let paths = try #require(tree["paths"]?.members)
        for path in paths {
            // A path's value is a mapping on the line after its key, which names the path.
            let keyLine = String(lines[path.value.line - 2])
            #expect(keyLine.contains(path.key), "\(path.key) at line \(path.value.line)")
        }
    }

    /// Every document of the OpenAPI corpus (Tests/Fixtures/real/openapi-corpus, another engineer's
    /// folder, read only), whichever format its bytes say: each reads, and is an API document.
    @Test func readsEveryCorpusDocument() throws {
        let folder = Fixtures.realRoot.appendingPathComponent("openapi-corpus")
        let documents = try Fixtures.files(in: folder).filter { ["yaml", "yml", "json"].contains($0.pathExtension) }
        #expect(documents.count >= 30)
        for url in documents {
            let bytes = Array(try Data(contentsOf: url))
            let expected: DocumentFormat = url.pathExtension == "json" ? .json : .yaml
            #expect(DocumentFormat.of(bytes) == expected, "\(url.lastPathComponent)")
            do {
                let (tree, _) = try DocumentFormat.read(bytes)
                #expect(tree["swagger"] != nil || tree["openapi"] != nil, "\(url.lastPathComponent)")
                #expect(tree["paths"]?.members != nil, "\(url.lastPathComponent)")
            } catch {
                Issue.record("\(url.lastPathComponent): \(error)")
            }
        }
    }
}
