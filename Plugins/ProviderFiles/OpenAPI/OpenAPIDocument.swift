import APICore
import APIDocuments
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An OpenAPI 3 or Swagger 2 document, read as JSON with lines kept, and the
/// few questions the importer asks of it, answered for both versions.
struct OpenAPIDocument {
    let root: DocumentNode
    let path: String
    let isSwagger2: Bool

    /// Reads `path`, a JSON or YAML document, or `bytes` already fetched from there.
    init(path: String, bytes fetched: [UInt8]? = nil) throws {
        let bytes: [UInt8]
        if let fetched {
            bytes = fetched
        } else {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw OpenAPIImportError(.unreadable, "cannot read the OpenAPI document \(path)")
            }
            bytes = Array(data)
        }
        // JSON or YAML, by the first byte; duplicate keys, encodings, nesting and aliases are bounded.
        do {
            (root, _) = try DocumentFormat.read(bytes)
        } catch {
            let at = error.line > 0 ? ":\(error.line)" : ""
            switch error.kind {
            case .unavailable:
                throw OpenAPIImportError(.unavailable, error.reason)
            case .syntax:
                throw OpenAPIImportError(.unusable, "\(path)\(at): not valid \(DocumentFormat.of(bytes).rawValue): \(error.reason)")
            default:
                throw OpenAPIImportError(.unusable, "\(path)\(at): \(error.reason)")
            }
        }
        self.path = path
        if root["swagger"]?.string?.hasPrefix("2") == true {
            isSwagger2 = true
        } else if root["openapi"]?.string?.hasPrefix("3") == true {
            isSwagger2 = false
        } else {
            throw OpenAPIImportError(.unusable, "\(path) is neither OpenAPI 3 (\"openapi\": \"3…\") nor Swagger 2 (\"swagger\": \"2.0\")")
        }
    }

    /// An error about the document, at a line.
    func error(_ node: DocumentNode?, _ message: String) -> OpenAPIImportError {
        OpenAPIImportError(.unusable, "\(path)" + (node.map { ":\($0.line)" } ?? "") + ": " + message)
    }

    /// `node` with a `$ref` followed (`#/definitions/Doc`), up to a few hops; the node itself otherwise.
    func resolved(_ node: DocumentNode) -> DocumentNode {
        var current = node
        for _ in 0..<8 {
            guard let reference = current["$ref"]?.string, reference.startsWithLiteral("#/"),
                  let pointer = reference.cut(atFirst: "/")?.after
            else { return current }
            var target: DocumentNode? = root
            for part in pointer.pieces(between: "/", omittingEmpty: true) {
                let name = part.replacingAll("~1", with: "/").replacingAll("~0", with: "~")
                target = target?[name]
            }
            guard let target else { return current }
            current = target
        }
        return current
    }

    /// The operation `op`: an operationId, or `METHOD /path`.
    /// One operation found in `paths`: its method, path template, node and the path item it is under.
    typealias Found = (method: String, path: String, node: DocumentNode, pathItem: DocumentNode)

    /// The document's `info.title`, cleaned of terminal controls.
    var title: String? { root["info"]?["title"]?.string.map { TerminalSanitizer.clean($0) } }

    func operation(_ op: String) throws -> Found {
        let paths = root["paths"]?.members ?? []
        let methods = ["get", "post", "put", "delete", "patch", "head", "options"]
        let spoken = op.split(separator: " ", maxSplits: 1).map(String.init)
        var known: [String] = []
        for (path, item) in paths {
            for (method, node) in item.members ?? [] where methods.contains(method) {
                let id = node["operationId"]?.string
                known.append(id ?? "\(method.uppercased()) \(path)")
                let matches = id == op
                    || (spoken.count == 2 && spoken[0].lowercased() == method && spoken[1] == path)
                if matches { return (method, path, node, item) }
            }
        }
        var message = "no operation '\(op)'"
        if let near = NearestName.suggest(op, among: known) { message += "; did you mean '\(near)'?" }
        message += " (it has: \(known.prefix(10).joined(separator: ", ")))"
        throw error(root["paths"], message)
    }

    /// The schema of the operation's successful JSON answer: under a JSON media type, else under a
    /// range that takes JSON in (`*/*`, `application/*`, as xkcd's document says); the answer is
    /// still read as JSON, and one that is not is the usual data error.
    func responseSchema(of operation: DocumentNode) -> DocumentNode? {
        let responses = operation["responses"]
        guard let response = (responses?["200"] ?? responses?["2XX"] ?? responses?["default"]).map(resolved) else { return nil }
        if isSwagger2 { return response["schema"].map(resolved) }
        let content = response["content"]
        let json = content?["application/json"] ?? content?.members?.first { $0.key.containsLiteral("json") }?.value
            ?? content?["*/*"] ?? content?["application/*"]
        return json?["schema"].map(resolved)
    }

    /// A parameter's type facts, from the parameter (Swagger 2) or its schema (OpenAPI 3).
    func typeFacts(of parameter: DocumentNode) -> DocumentNode {
        isSwagger2 ? parameter : (parameter["schema"].map(resolved) ?? parameter)
    }
}
