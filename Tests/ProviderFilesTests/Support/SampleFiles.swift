@testable import APIHost
@testable import ProviderFiles
import Foundation
import TestSupport

/// Provider files for the real search answers in `Tests/Fixtures/real/search`,
/// written as a user would, and a reader that checks them as a run does.
enum SampleFiles {
    /// Hacker News (Algolia): `hits`, `objectID`, paging by page with `hitsPerPage`.
    static let hackerNews = """
        {
          "apicli": 1,
          "name": "hn",
          "summary": "Search Hacker News stories (Algolia).",
          "baseURL": "https://hn.algolia.com",
          "path": "/api/v1/search",
          "words": {"parameter": "query"},
          "key": "none",
          "options": [
            {"name": "tags", "parameter": "tags", "type": "choice", "choices": ["story", "comment"], "help": "Only this kind."},
            {"name": "min-points", "parameter": "numericFilters", "type": "text", "help": "A numeric filter."}
          ],
          "items": "hits",
          "id": "objectID",
          "columns": [
            {"name": "title", "path": "title", "kind": "text", "searchable": true},
            {"name": "points", "path": "points", "kind": "number"},
            {"name": "created", "path": "created_at", "kind": "date"},
            {"name": "author", "path": "author", "kind": "text", "searchable": true},
            {"name": "url", "path": "url", "kind": "url"}
          ],
          "paging": {"style": "page", "parameter": "page", "first": 0, "size": 1, "sizeParameter": "hitsPerPage",
                     "maxPage": 49, "total": "nbHits"},
          "rateLimits": {"perHour": 10000},
          "cacheSeconds": 300
        }
        """

    /// Wikipedia search: `query.search`, `pageid`, paging by offset with `srlimit`.
    static let wikipedia = """
        {
          "apicli": 1,
          "name": "wiki",
          "summary": "Search English Wikipedia articles.",
          "baseURL": "https://en.wikipedia.org",
          "path": "/w/api.php",
          "words": {"parameter": "srsearch"},
          "key": "none",
          "options": [
            {"name": "action", "parameter": "action", "type": "text", "help": "Always query.", "default": "query"},
            {"name": "list", "parameter": "list", "type": "text", "help": "Always search.", "default": "search"},
            {"name": "wire-format", "parameter": "format", "type": "text", "help": "Always json.", "default": "json"}
          ],
          "items": "query.search",
          "id": "pageid",
          "columns": [
            {"name": "title", "path": "title", "kind": "text", "searchable": true},
            {"name": "snippet", "path": "snippet", "kind": "text", "searchable": true},
            {"name": "words", "path": "wordcount", "kind": "number"},
            {"name": "edited", "path": "timestamp", "kind": "date"}
          ],
          "paging": {"style": "offset", "parameter": "sroffset", "size": 2, "sizeParameter": "srlimit", "maxPage": 9,
                     "total": "query.searchinfo.totalhits"}
        }
        """

    static let reserved = ReservedNames(
        commands: ["nyt", "weather", "providers", "help", "config", "store", "completions", "manpage", "provider"],
        options: Set(GlobalOptions.specs.map(\.name) + ["version"]),
        keyVariables: ["nyt": "NYT_API_KEY", "weather": "OPENWEATHER_API_KEY"])

    static func read(_ text: String, name: String? = nil) throws(ProviderFileError) -> ProviderFile {
        try ProviderFileReader(file: "test.json", expectedName: name, reserved: reserved).read(Array(text.utf8))
    }

    /// The provider a file makes, paged or not as it says.
    static func provider(_ text: String) throws -> any Provider {
        try read(text).provider(source: "test.json")
    }

    static func fixture(_ name: String) -> URL {
        Fixtures.realRoot.appendingPathComponent("search/" + name)
    }
}
