/// Provider files the tests install, one copy each, for the in-process and the binary tests alike.
public enum ProviderFileTexts {
    /// A Wikipedia search provider file, paged by offset two at a time.
    public static let wiki = """
        {
          "apicli": 1,
          "name": "wiki",
          "summary": "Search English Wikipedia articles.",
          "baseURL": "https://en.wikipedia.org",
          "path": "/w/api.php",
          "words": {"parameter": "srsearch"},
          "key": "none",
          "options": [
            {"name": "action", "parameter": "action", "type": "text", "default": "query"},
            {"name": "list", "parameter": "list", "type": "text", "default": "search"},
            {"name": "wire-format", "parameter": "format", "type": "text", "default": "json"}
          ],
          "items": "query.search",
          "id": "pageid",
          "columns": [
            {"name": "title", "path": "title", "kind": "text", "searchable": true},
            {"name": "snippet", "path": "snippet", "kind": "text", "searchable": true},
            {"name": "words", "path": "wordcount", "kind": "number"}
          ],
          "paging": {"style": "offset", "parameter": "sroffset", "size": 2, "sizeParameter": "srlimit", "maxPage": 9,
                     "total": "query.searchinfo.totalhits"}
        }
        """

    /// Hacker News search through Algolia, with Algolia's key header (`X-Algolia-API-Key`).
    public static let algolia = """
        {
          "apicli": 1,
          "name": "algolia",
          "summary": "Search Hacker News through Algolia, with a key.",
          "baseURL": "https://hn.algolia.com",
          "path": "/api/v1/search",
          "words": {"parameter": "query"},
          "key": {"header": "X-Algolia-API-Key"},
          "items": "hits",
          "id": "objectID",
          "columns": [{"name": "title", "path": "title", "kind": "text", "searchable": true}]
        }
        """
}

/// How an answer may write a key inside a JSON string, each of which a decoder turns back
/// into the key: what the scrubbing tests echo.
public enum KeyEcho: String, CaseIterable, Sendable {
    case escaped, partlyEscaped, percentEncoded, partlyPercentEncoded

    /// `key` as this echo writes it.
    public func written(_ key: String) -> String {
        key.unicodeScalars.enumerated().map { index, scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            switch self {
            case .escaped: return "\\u00" + hex
            case .partlyEscaped: return index % 3 == 1 ? "\\u00" + hex : String(scalar)
            case .percentEncoded: return "%" + hex
            case .partlyPercentEncoded: return index % 4 == 2 ? "%" + hex.lowercased() : String(scalar)
            }
        }.joined()
    }
}
