import APICore
import APIDocuments
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An OpenAPI 3 or Swagger 2 document, read as JSON with lines kept, and the
/// few questions the importer asks of it, answered for both versions.
struct OpenAPIDocument {
    let root: DocumentNode
    let path: String
    let isSwagger2: Bool
    /// The work this import may still do (``ImportBudget``), spent by everything that reads the document.
    let budget: ImportBudget
    /// The nodes its references name, each found once.
    let targets: ReferenceTargets

    /// Reads `path`, a JSON or YAML document, or `bytes` already fetched from there.
    init(path: String, bytes fetched: [UInt8]? = nil, limits: ImportBudget.Limits = ImportBudget.Limits()) throws {
        let bytes = try fetched ?? Self.contents(of: path)
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
        budget = ImportBudget(documentPath: path, limits: limits)
        targets = ReferenceTargets(root: root, budget: budget)
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
    /// Each hop and each object looked into is spent from the budget; once it is spent, the
    /// answer is an empty object, so that no caller goes on working (``ImportBudget/check()``
    /// then reports it).
    func resolved(_ node: DocumentNode) -> DocumentNode {
        var current = node
        guard budget.allows(SchemaResolver.width(of: current), on: .nodes) else { return Self.spent(at: node) }
        for _ in 0..<8 {
            guard let reference = current["$ref"]?.string, reference.startsWithLiteral("#/") else {
                // Another file or a URL is never read: noted, and reported as the operation's error.
                if let reference = current["$ref"]?.string, !reference.startsWithLiteral("#") {
                    targets.noteExternal(reference, line: current.line)
                }
                return current
            }
            guard budget.allows(on: .references) else { return Self.spent(at: node) }
            let target = targets.node(for: reference, bySchemaRules: false) { reference in
                reference.cut(atFirst: "/").map { pointer in
                    pointer.after.pieces(between: "/", omittingEmpty: true).map {
                        $0.replacingAll("~1", with: "/").replacingAll("~0", with: "~")
                    }
                }
            }
            guard let target else { return current }
            guard budget.allows(SchemaResolver.width(of: target), on: .nodes) else { return Self.spent(at: node) }
            current = target
        }
        return current
    }

    /// The reference to another document that the last lookups met, as the error that names it
    /// (once: it is then cleared); nil when they met none.
    func externalReferenceError() -> OpenAPIImportError? {
        targets.takeExternal().map { external in
            error(at: external.line, "'\(SchemaResolver.shown(external.reference))' refers to another document; "
                + "apicli reads no other file or URL: put what it names in this document")
        }
    }

    /// Throws ``externalReferenceError()`` when there is one.
    func checkExternalReferences() throws(OpenAPIImportError) {
        if let error = externalReferenceError() { throw error }
    }

    /// An error about the document, at a line.
    func error(at line: Int, _ message: String) -> OpenAPIImportError {
        OpenAPIImportError(.unusable, "\(path):\(line): " + message)
    }

    /// What a lookup answers once the budget is spent: nothing to work on.
    private static func spent(at node: DocumentNode) -> DocumentNode {
        DocumentNode(line: node.line, value: .object([]))
    }

    /// Spends what taking one operation costs, before anything is made of it: one operation
    /// named, and the width of its object and of its path item (each lookup in them scans them).
    func spendOperation(_ found: Found) throws(OpenAPIImportError) {
        try budget.spend(on: .operations)
        try budget.spend(SchemaResolver.width(of: found.node) + SchemaResolver.width(of: found.pathItem), on: .nodes)
    }

    /// Refuses more operations than an import may name, before any is named (naming is where
    /// a shared `operationId` makes each one cost as many as came before).
    func checkCount(of found: [Found]) throws(OpenAPIImportError) {
        let most = budget.limits.operations
        guard found.count > most else { return }
        throw OpenAPIImportError(
            .unusable, "\(path): the import stopped at its limit of \(ImportBudget.grouped(most)) \(ImportBudget.Meter.operations.spoken): "
                + "the document has \(ImportBudget.grouped(found.count)) GET operations; choose some with --operation")
    }

    /// The file's bytes, read only as far as the reader's size limit and one byte more: a
    /// larger file (or a device that never ends) is refused by the reader without being read whole.
    private static func contents(of path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw OpenAPIImportError(.unreadable, "cannot read the OpenAPI document \(path)")
        }
        defer { close(descriptor) }
        let most = DocumentLimits.standard.maxBytes + 1
        var bytes: [UInt8] = []
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_size > 0 { bytes.reserveCapacity(min(Int(status.st_size) + 1, most)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < most {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, min($0.count, most - bytes.count)) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw OpenAPIImportError(.unreadable, "cannot read the OpenAPI document \(path)") }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }

    /// The operation `op`: an operationId, or `METHOD /path`.
    /// One operation found in `paths`: its method, path template, node and the path item it is under.
    typealias Found = (method: String, path: String, node: DocumentNode, pathItem: DocumentNode)

    /// The document's `info.title`, cleaned of terminal controls.
    var title: String? { root["info"]?["title"]?.string.flatMap { try? budget.cleaned($0) } }

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
        guard budget.allows(SchemaResolver.width(of: responses ?? operation), on: .nodes),
              let response = (responses?["200"] ?? responses?["2XX"] ?? responses?["default"]).map(resolved)
        else { return nil }
        if isSwagger2 { return response["schema"].map(resolved) }
        let content = response["content"]
        guard budget.allows(SchemaResolver.width(of: content ?? response), on: .nodes) else { return nil }
        let json = content?["application/json"] ?? content?.members?.first { $0.key.containsLiteral("json") }?.value
            ?? content?["*/*"] ?? content?["application/*"]
        return json?["schema"].map(resolved)
    }

    /// A parameter's type facts, from the parameter (Swagger 2) or its schema (OpenAPI 3).
    func typeFacts(of parameter: DocumentNode) -> DocumentNode {
        isSwagger2 ? parameter : (parameter["schema"].map(resolved) ?? parameter)
    }
}
