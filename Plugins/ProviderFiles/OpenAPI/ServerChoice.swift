import APICore
import APIDocuments
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the user said at import about where the API is and how it is reached:
/// `--base-url`, `--server N`, the document's own URL when it was fetched, and
/// `--bearer` for an API whose document only offers OAuth2.
public struct OpenAPIAccess: Sendable {
    /// `--base-url`: replaces the document's servers.
    public var baseURL: URL?
    /// `--server N`, counted from 1.
    public var server: Int?
    /// The URL that served the document, after redirects; relative servers resolve against it
    /// (RFC 3986 §5.1.3; OpenAPI: "relative to where the document is served").
    public var documentURL: URL?
    /// The URL typed, before redirects: a relative server never ends on plain http when it was https.
    public var requestedDocumentURL: URL?
    /// The document's bytes when the host fetched them; nil: read ``OpenAPIImport``'s path.
    public var documentBytes: [UInt8]?
    /// `--bearer`: send the key as a bearer token whatever the document says.
    public var bearer = false
    /// `--no-key`: import every operation without a key, whatever the document says.
    public var noKey = false

    public init(baseURL: URL? = nil, server: Int? = nil, documentURL: URL? = nil) {
        self.baseURL = baseURL
        self.server = server
        self.documentURL = documentURL
    }
}

/// The document's servers, their variables filled from the defaults, one chosen.
///
/// A relative server resolves against the URL that served the document, after any
/// redirect (`http://host/doc` moved to `https://host/doc`: `/v1` is `https://host/v1`,
/// never the `http://` URL typed), and never to plain http when the URL typed was https:
/// a key sent to a relative server would otherwise travel in clear after a downgrade.
///
/// OpenAPI 3 lists `servers` (on the operation, its path, or the document); Swagger 2
/// has one `host` and `basePath` reached by each of its `schemes` (https first). A
/// relative server URL, or no servers at all (OpenAPI 3's default is `/`; Swagger 2
/// without `host` means the host serving the document), resolves against the
/// document's own URL when it was fetched; a file on disk has no URL, so then the
/// user must say where the API is with `--base-url`, a usage error (64) because
/// one flag fixes it.
extension OpenAPIDocument {
    func server(for operation: DocumentNode, pathItem: DocumentNode, access: OpenAPIAccess) throws -> (origin: URL, prefix: String) {
        if let base = access.baseURL { return try Self.split(base, shown: base.absoluteString, node: nil, in: self) }
        let candidates = isSwagger2 ? swaggerServers() : openAPIServers(operation, pathItem)
        let index = access.server ?? 1
        guard candidates.indices.contains(index - 1) else {
            let listed = candidates.prefix(10).enumerated().map { "\($0.offset + 1): \(Self.shown($0.element.text))" }
                .joined(separator: ", ") + (candidates.count > 10 ? ", …" : "")
            throw OpenAPIImportError(.usage, "--server \(index): the document has \(candidates.count) server\(candidates.count == 1 ? "" : "s") (\(listed))")
        }
        let chosen = candidates[index - 1]
        let text = try fill(chosen.text, variables: chosen.node?["variables"], node: chosen.node)
        if let url = URL(string: text), url.scheme != nil {
            return try Self.split(url, shown: text, node: chosen.node, in: self)
        }
        guard let documentURL = access.documentURL, let url = URL(string: text, relativeTo: documentURL)?.absoluteURL else {
            let what = chosen.node == nil ? "says no server" : "has the relative server URL '\(Self.shown(text))'"
            throw OpenAPIImportError(.usage, "\(path) \(what); give --base-url URL (where the API is), or import the document from its http(s) URL")
        }
        let typedHTTPS = access.requestedDocumentURL?.scheme?.lowercased() == "https"
        if typedHTTPS, url.scheme?.lowercased() != "https" {
            throw OpenAPIImportError(
                .usage, "\(path) was asked for over https but served over plain http by \(Self.shown(documentURL.host ?? "?")), "
                    + "so its relative server '\(Self.shown(text))' would be reached in clear; "
                    + "give --base-url https://… (where the API is)")
        }
        return try Self.split(url, shown: url.absoluteString, node: chosen.node, in: self)
    }

    /// OpenAPI 3: the nearest `servers`; none at all is the document's default, `/`.
    private func openAPIServers(_ operation: DocumentNode, _ pathItem: DocumentNode) -> [(text: String, node: DocumentNode?)] {
        let listed = [operation["servers"], pathItem["servers"], root["servers"]]
            .compactMap { $0?.array }.first { !$0.isEmpty } ?? []
        let servers = listed.compactMap { node in node["url"]?.string.map { (text: $0, node: Optional(node)) } }
        return servers.isEmpty ? [(text: "/", node: nil)] : servers
    }

    /// Swagger 2: `host` + `basePath`, once per scheme, https first; no host: relative to the document.
    private func swaggerServers() -> [(text: String, node: DocumentNode?)] {
        let basePath = root["basePath"]?.string ?? "/"
        guard let host = root["host"]?.string else { return [(text: basePath, node: nil)] }
        var schemes = root["schemes"]?.array?.compactMap(\.string).filter { ["http", "https"].contains($0.lowercased()) } ?? []
        if schemes.isEmpty { schemes = ["https"] }
        schemes.sort { $0.lowercased() == "https" && $1.lowercased() != "https" }
        return schemes.map { (text: "\($0)://\(host)\(basePath)", node: Optional(root)) }
    }

    /// `{name}` in a server URL replaced by its variable's `default`, which OpenAPI 3 requires.
    ///
    /// One pass over the template: a default is the value itself, never read again for
    /// `{…}` (a default that names another variable, `a = "{a1}{a1}"`, `a1 = "{a2}{a2}"`…,
    /// would double the text at each level), and one holding a brace is refused. Each
    /// variable filled, and each byte it adds, is spent from the budget before it is added.
    private func fill(_ template: String, variables: DocumentNode?, node: DocumentNode?) throws -> String {
        let declared = variables?.members ?? []
        try budget.spend(SchemaResolver.width(of: variables ?? root), on: .nodes)
        var values: [String: String] = [:]
        for (name, variable) in declared {
            guard let value = variable["default"].flatMap({ $0.string ?? $0.int.map(String.init) }) else {
                throw error(variable, "the server variable '\(Self.shown(name))' has no default")
            }
            try budget.spend(value.utf8.count, on: .bytes)
            if value.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) {
                throw error(variable, "the server variable '\(Self.shown(name))' has the default '\(Self.shown(value))', "
                    + "which holds a brace; a default is the value itself, not a template")
            }
            values[name] = value
        }
        try budget.spend(template.utf8.count, on: .bytes)
        var text = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = String(rest[rest.index(after: open)..<close])
            guard let value = values[name] else {
                throw error(node, "the server URL '\(Self.shown(template))' uses {\(Self.shown(name))}, which no server variable defines")
            }
            try budget.spend(on: .variables)
            try budget.spend(value.utf8.count, on: .bytes)
            text += rest[..<open]
            text += value
            rest = rest[rest.index(after: close)...]
        }
        return text + rest
    }

    /// Text of the document as a message quotes it: cut first, then cleaned.
    static func shown(_ text: String) -> String {
        SchemaResolver.shown(text)
    }

    /// An absolute http(s) URL as the origin (scheme, host, port) and the path prefix.
    private static func split(_ url: URL, shown: String, node: DocumentNode?, in document: OpenAPIDocument) throws -> (origin: URL, prefix: String) {
        // `URL.host` gives an IPv6 address without its brackets, which the origin's text needs back.
        guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), let host = url.host, !host.isEmpty,
              url.user == nil, url.password == nil,
              let origin = URL(string: "\(scheme)://" + (host.contains(":") ? "[\(host)]" : host) + (url.port.map { ":\($0)" } ?? ""))
        else {
            throw document.error(node, "the server URL '\(Self.shown(shown))' is not an http(s) URL with a host")
        }
        var prefix = url.path
        while prefix.hasSuffix("/") { prefix.removeLast() }
        return (origin, prefix)
    }
}
