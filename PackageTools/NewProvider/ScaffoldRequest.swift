import Foundation
import PackagePlugin

/// What `new-provider` was asked to create, validated.
struct ScaffoldRequest {
    static let usage = """
        usage: swift package --allow-writing-to-package-directory new-provider <name> \
        --base-url <url> --path <api path> [--items-key <key.path>] [--query-param <name>] \
        [--key-param <name> | --no-key] [--summary <text>]
        """

    let name: ProviderName
    let baseURL: String
    let path: String
    /// Where the list of records is in an answer (`results`, `data.items`); nil finds it.
    let itemsKey: String?
    /// The query parameter that carries the command's words.
    let queryParameter: String
    /// The query parameter that carries the key; nil for an API without keys.
    let keyParameter: String?
    let summary: String

    /// `<NAME>_API_KEY`, when the API takes a key.
    var keyVariable: String? { keyParameter.map { _ in name.environmentStem + "_API_KEY" } }

    init(arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let baseURL = extractor.extractOption(named: "base-url").last
        let path = extractor.extractOption(named: "path").last
        let itemsKey = extractor.extractOption(named: "items-key").last
        let queryParameter = extractor.extractOption(named: "query-param").last ?? "q"
        let keyParameter = extractor.extractOption(named: "key-param").last ?? "api_key"
        let noKey = extractor.extractFlag(named: "no-key") > 0
        let summary = extractor.extractOption(named: "summary").last
        let words = extractor.remainingArguments
        if let unknown = words.first(where: { $0.hasPrefix("-") }) {
            throw ScaffoldError("unknown option \(unknown)\n\(Self.usage)")
        }
        guard words.count == 1, let word = words.first else {
            throw ScaffoldError("give exactly one provider name\n\(Self.usage)")
        }
        guard let baseURL, let url = URL(string: baseURL), ["http", "https"].contains(url.scheme ?? ""),
            url.host != nil, url.query == nil
        else {
            throw ScaffoldError("--base-url must be an http(s) URL such as https://api.example.com\n\(Self.usage)")
        }
        guard let path, path.hasPrefix("/"), !path.contains("?"), !path.contains(" ") else {
            throw ScaffoldError("--path must be the API path, starting with / (e.g. /v1/search)\n\(Self.usage)")
        }
        for (option, value) in [("query-param", queryParameter), ("key-param", keyParameter)]
        where !Self.isParameterName(value) {
            throw ScaffoldError("--\(option) must be a query parameter name such as q or api_key, not '\(value)'")
        }
        if let itemsKey, itemsKey.contains("\"") || itemsKey.contains("\\") || itemsKey.isEmpty {
            throw ScaffoldError("--items-key must be a key or dotted path such as results or data.items")
        }
        self.name = try ProviderName(word)
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.path = path
        self.itemsKey = itemsKey
        self.queryParameter = queryParameter
        self.keyParameter = noKey ? nil : keyParameter
        self.summary = summary ?? "Search \(url.host ?? baseURL) (\(path))."
    }

    static func isParameterName(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || "-_.[]".unicodeScalars.contains($0)
        }
    }
}
