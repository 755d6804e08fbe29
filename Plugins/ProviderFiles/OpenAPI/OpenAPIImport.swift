import APICore
import APIDocuments
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Builds a provider file from one GET operation of an OpenAPI document: the
/// server, the path, the query parameters with their types and enums, the
/// key's scheme, paging when the parameters show it, and the answer's array
/// with columns guessed from its item schema.
public struct OpenAPIImport {
    let name: String
    let documentPath: String
    /// The operations asked for (operationIds or `METHOD /path`); empty: every GET operation.
    let operations: [String]
    /// `--query-param`: which parameter takes the words; else `q`, `query` or `search`.
    let wordsParameter: String?
    /// Option names the host's global options take, which an imported option must avoid.
    let reservedOptions: Set<String>
    /// Servers, a fetched document and the bearer choice (`OpenAPI/ServerChoice.swift`).
    public var access = OpenAPIAccess()

    static let pageNames = ["page"]
    static let offsetNames = ["offset", "start", "sroffset", "skip"]
    static let sizeNames = ["limit", "per_page", "page_size", "pageSize", "hitsPerPage", "rows", "count", "size", "srlimit"]
    static let totalNames = ["hits", "total", "totalHits", "total_count", "totalCount", "nbHits", "totalhits", "count"]
    static let wordsNames = ["q", "query", "search"]

    public init(
        name: String, documentPath: String, operations: [String], wordsParameter: String?, reservedOptions: Set<String> = []
    ) {
        self.name = name
        self.documentPath = documentPath
        self.operations = operations
        self.wordsParameter = wordsParameter
        self.reservedOptions = reservedOptions
    }

    public init(name: String, documentPath: String, operation: String, wordsParameter: String?, reservedOptions: Set<String> = []) {
        self.init(
            name: name, documentPath: documentPath, operations: [operation], wordsParameter: wordsParameter,
            reservedOptions: reservedOptions)
    }

    /// What an import made, and each operation it left out with the reason.
    public struct Imported: Sendable {
        public var file: ProviderFile
        public var skipped: [(operation: String, reason: String)]
    }

    /// The provider file of the one operation asked for, or the first error.
    public func providerFile() throws -> ProviderFile {
        try imported().file
    }

    /// Every operation asked for that can be imported; one that cannot never stops
    /// the others. Nothing importable is an error that gives the first reason.
    public func imported() throws -> Imported {
        let document = try OpenAPIDocument(path: documentPath, bytes: access.documentBytes)
        let found = try operations.isEmpty ? Self.getOperations(in: document) : operations.map(document.operation)
        guard !found.isEmpty else { throw document.error(document.root["paths"], "no GET operation to import") }
        var names = OperationNames()
        var imported: [ProviderFile.Operation] = []
        var skipped: [(operation: String, reason: String)] = []
        var provider: (origin: URL, key: CredentialPlacement?)?
        for operation in found {
            let label = operation.node["operationId"]?.string ?? "GET \(operation.path)"
            do {
                let made = try self.operation(operation, in: document, named: names.next(for: operation))
                if let provider, provider.origin != made.origin || provider.key != made.key {
                    throw document.error(operation.node, "served from another server or with another key than the first operation")
                }
                try check(made.operation, origin: made.origin, key: made.key)
                provider = provider ?? (made.origin, made.key)
                names.take(made.operation.name)
                imported.append(made.operation)
            } catch let error as OpenAPIImportError {
                // A single operation asked for by name fails as it always did.
                if found.count == 1 { throw error }
                skipped.append((label, error.description))
            }
        }
        guard let provider, !imported.isEmpty else {
            throw OpenAPIImportError(.unusable, skipped.first?.reason ?? "nothing to import")
        }
        let title = ImportedText.title(of: document)
        if imported.count == 1 {
            // One operation is the provider itself: `apicli NAME words`, as before operations.
            imported[0].name = name
            imported[0].tags = []
            imported[0].summary = ImportedText.providerSummary(title: title, operations: imported, documentPath: documentPath)
        } else {
            for (index, named) in OperationNames.shortened(imported.map(\.name)).enumerated() {
                imported[index].name = named.name
                imported[index].aliases = named.alias.map { [$0] } ?? []
            }
        }
        let source = "Imported from the OpenAPI document \(PathText.lastComponent(of: documentPath))"
        let about = ImportedText.providerAbout(of: document, imported: operations.count == 1
            ? source + ", operation \(operations[0])."
            : source + ": \(imported.count) GET operation\(imported.count == 1 ? "" : "s").")
        let summary = imported.count == 1 ? imported[0].summary
            : ImportedText.providerSummary(title: title, operations: imported, documentPath: documentPath)
        let file = ProviderFile(
            name: name, summary: summary, about: about, displayName: title.map { String($0.prefix(characters: 60, bytes: 240)) },
            baseURL: provider.origin,
            key: provider.key.map {
                ProviderFile.Key(
                    placement: $0, environmentVariable: ProviderFile.keyVariable(for: name),
                    signupURL: document.root["externalDocs"]?["url"]?.string)
            },
            rateLimits: [], cacheSeconds: 600, operations: imported)
        return Imported(file: file, skipped: skipped)
    }

    /// The operation as the reader will see it in the file: one the reader would
    /// refuse is left out here, with the reader's reason, rather than refusing the whole file.
    private func check(_ operation: ProviderFile.Operation, origin: URL, key: CredentialPlacement?) throws {
        let alone = ProviderFile(
            name: name, summary: "check", about: nil, displayName: nil, baseURL: origin,
            key: key.map { ProviderFile.Key(placement: $0, environmentVariable: ProviderFile.keyVariable(for: name), signupURL: nil) },
            rateLimits: [], cacheSeconds: 600, operations: [operation])
        do {
            _ = try ProviderFileReader(file: "the operation", expectedName: nil, reserved: ReservedNames(options: reservedOptions))
                .read(Array(ProviderFileWriter.text(alone).utf8))
        } catch {
            let first = error.problems.first.map { problem in
                let field = problem.field.replacingAll("operations[0].", with: "")
                return "the provider file would refuse it: " + (field.isEmpty ? "" : field + ": ") + problem.message
            }
            throw OpenAPIImportError(.unusable, first ?? error.description)
        }
    }

    /// Every GET operation of the document, in its order.
    static func getOperations(in document: OpenAPIDocument) -> [OpenAPIDocument.Found] {
        (document.root["paths"]?.members ?? []).compactMap { path, item in
            let item = document.resolved(item)
            return item["get"].map { (method: "get", path: path, node: $0, pathItem: item) }
        }
    }

    /// One GET operation as an operation of the file, with the server and key it needs.
    func operation(
        _ found: OpenAPIDocument.Found, in document: OpenAPIDocument, named operationName: String
    ) throws -> (operation: ProviderFile.Operation, origin: URL, key: CredentialPlacement?) {
        guard found.method == "get" else {
            throw document.error(found.node, "\(found.method.uppercased()) \(found.path) is not a GET; provider files only search with GET")
        }
        let server = try document.server(for: found.node, pathItem: found.pathItem, access: access)
        let key = try document.keyPlacement(for: found.node, access: access)
        let keyParameter: String? = if case let .query(name)? = key { name } else { nil }
        let parameters = mergedParameters(found, in: document)
        let query = parameters.filter { $0["in"]?.string == "query" && $0["name"]?.string != keyParameter }
        let declared = parameters.filter { $0["in"]?.string == "path" }
        let names = query.compactMap { $0["name"]?.string }

        var words: ProviderFile.Words?
        if let wanted = wordsParameter, names.contains(wanted) || declared.contains(where: { $0["name"]?.string == wanted }) {
            words = names.contains(wanted) ? .parameter(wanted) : .pathSegment(wanted)
        } else if let wanted = wordsParameter, operations.count == 1 {
            throw document.error(found.node, "\(found.path) has no parameter '\(wanted)' (it has: \(names.joined(separator: ", ")))")
        } else if let guess = Self.wordsNames.first(where: names.contains) {
            words = .parameter(guess)
        }
        let taken: String? = if case let .parameter(name)? = words { name } else { nil }
        let arguments = try pathArguments(found, declared: declared, words: words, document: document)

        let answer = AnswerSchema(resolver: SchemaResolver(root: document.root, documentPath: documentPath))
        guard let schema = document.responseSchema(of: found.node), let items = try answer.items(in: schema) else {
            throw document.error(found.node, "the 200 answer has no JSON schema of an object or an array of objects to take as items")
        }
        // Only a list pages; a record or parallel arrays is one answer.
        let paging = items.shape.kind != .list ? nil
            : answerPaging(query, operation: found.node, document: document)
                ?? self.paging(query, document: document, answer: schema, schema: answer)
        let pagingNames = Set([paging?.parameter, paging?.sizeParameter].compactMap { $0 })
        var optionNames = reservedOptions.union(paging == nil ? [] : ["page", "pages"])
        let options = query.compactMap { parameter -> ProviderFile.Option? in
            guard let wire = parameter["name"]?.string, wire != taken, !pagingNames.contains(wire) else { return nil }
            return option(parameter, wire: wire, document: document, taken: &optionNames)
        }

        let fields = try answer.fields(of: items.item, expanding: items.expanding)
        let id = ColumnGuess.id(among: fields)
        let summary = ImportedText.summary(of: found.node, path: found.path)
        var operation = ProviderFile.Operation(
            name: operationName, summary: summary,
            about: ImportedText.about(of: found.node, summary: summary), path: server.prefix + found.path, words: words,
            arguments: arguments, options: options,
            items: items.shape, id: id.flatMap(KeyPath.init), columns: ColumnGuess.columns(from: fields, id: id), paging: paging)
        operation.tags = ImportedText.tags(of: found.node)
        return (operation, server.origin, key)
    }

    /// The path's `{parameters}` in the order the path has them, each typed from its
    /// declaration; the one the words fill is left to them.
    private func pathArguments(
        _ found: OpenAPIDocument.Found, declared: [DocumentNode], words: ProviderFile.Words?, document: OpenAPIDocument
    ) throws -> [ProviderFile.Argument] {
        var taken = Set<String>()
        return try ProviderFileReader.placeholders(in: found.path).compactMap { parameter in
            if case .pathSegment(parameter)? = words { return nil }
            var name = OperationNames.kebab(parameter)
            if name.isEmpty { name = "argument" }
            while !taken.insert(name).inserted { name += "-2" }
            guard let node = declared.first(where: { $0["name"]?.string == parameter }) else {
                throw document.error(found.node, "the path parameter {\(parameter)} is not declared")
            }
            let option = self.option(node, wire: parameter, document: document, taken: &taken)
            let type = option?.type ?? .text
            return ProviderFile.Argument(name: name, parameter: parameter, type: type, help: option?.help ?? "Fills {\(parameter)}.")
        }
    }

    /// Path-level parameters, overridden by the operation's own of the same name and place.
    private func mergedParameters(_ found: OpenAPIDocument.Found, in document: OpenAPIDocument) -> [DocumentNode] {
        let shared = (found.pathItem["parameters"]?.array ?? []).map(document.resolved)
        let own = (found.node["parameters"]?.array ?? []).map(document.resolved)
        func key(_ node: DocumentNode) -> String { (node["in"]?.string ?? "") + " " + (node["name"]?.string ?? "") }
        let ownKeys = Set(own.map(key))
        return shared.filter { !ownKeys.contains(key($0)) } + own
    }

    /// A `page` or `offset`-like integer parameter makes the file paged; a `limit`-like one sets the size.
    private func paging(_ query: [DocumentNode], document: OpenAPIDocument, answer: DocumentNode?, schema: AnswerSchema) -> ProviderFile.Paging? {
        func named(_ names: [String]) -> DocumentNode? {
            query.first { parameter in
                let facts = document.typeFacts(of: parameter)
                return names.contains(parameter["name"]?.string ?? "") && facts["type"]?.string == "integer"
            }
        }
        let pageParameter = named(Self.pageNames)
        guard let pager = pageParameter ?? named(Self.offsetNames), let parameter = pager["name"]?.string else { return nil }
        let facts = document.typeFacts(of: pager)
        let sizer = named(Self.sizeNames)
        let sizeFacts = sizer.map(document.typeFacts)
        let size = min(sizeFacts?["default"]?.int ?? 10, sizeFacts?["maximum"]?.int ?? 1_000)
        let first = pageParameter != nil ? min(max(facts["minimum"]?.int ?? 0, 0), 1) : 0
        let maxPage = pageParameter != nil ? min(facts["maximum"]?.int ?? 99, 10_000) : 99
        return ProviderFile.Paging(
            style: pageParameter != nil ? .page : .offset, parameter: parameter, first: first, size: max(1, size),
            sizeParameter: sizer?["name"]?.string, maxPage: max(maxPage, first),
            total: answer.flatMap { try? schema.totalPath(in: $0, names: Self.totalNames) })
    }

    private func option(
        _ parameter: DocumentNode, wire: String, document: OpenAPIDocument, taken: inout Set<String>
    ) -> ProviderFile.Option? {
        var name = String(wire.lowercased().replacingAll("_", with: "-").filter { $0.isLetter && $0.isASCII || $0.isNumber || $0 == "-" })
        while name.first.map({ !$0.isLetter }) ?? false { name.removeFirst() }
        guard !name.isEmpty else { return nil }
        if taken.contains(name) { name = "api-" + name }
        guard taken.insert(name).inserted else { return nil }
        let facts = document.typeFacts(of: parameter)
        let description = TerminalSanitizer.clean(parameter["description"]?.string ?? "")
        let type: ProviderFile.OptionType
        // A value that would control the terminal cannot be offered as a choice: the option takes text.
        if let choices = facts["enum"]?.array?.compactMap({ $0.string ?? $0.int.map(String.init) }), !choices.isEmpty,
           !choices.contains(where: TerminalSanitizer.controlsTerminal) {
            type = .choice(choices)
        } else {
            switch facts["type"]?.string {
            case "boolean": type = .choice(["true", "false"])
            case "integer": type = .integer(minimum: facts["minimum"]?.int, maximum: facts["maximum"]?.int)
            default:
                if facts["format"]?.string == "date" || description.containsLiteral("YYYY-MM-DD") {
                    type = .date(format: "yyyy-MM-dd")
                } else if description.containsLiteral("YYYYMMDD") {
                    type = .date(format: "yyyyMMdd")
                } else {
                    type = .text
                }
            }
        }
        let required = parameter["required"]?.bool == true && facts["default"] == nil
        return ProviderFile.Option(
            name: name, parameter: wire, type: type, help: helpLine(description, wire: wire), defaultValue: nil,
            required: required)
    }

    /// The description's first sentence, plain and whole (``ImportedText/helpLine(_:wire:)``).
    private func helpLine(_ description: String, wire: String) -> String {
        ImportedText.helpLine(description, wire: wire)
    }

    /// The first property, breadth first and at most four objects deep, that `match` accepts.
    /// The depth is counted as the search goes down, never from the path's text: a property
    /// named `""` or `"."` that refers to its own schema adds a level like any other.
    func firstProperty(
        in schema: DocumentNode, document: OpenAPIDocument, match: (String, DocumentNode) -> DocumentNode?
    ) -> (path: KeyPath, found: DocumentNode)? {
        var queue: [(path: String, node: DocumentNode, depth: Int)] = [("", schema, 0)]
        var index = 0
        while index < queue.count, index < 10_000 {
            let (path, node, depth) = queue[index]
            index += 1
            for (key, child) in document.resolved(node)["properties"]?.members ?? [] {
                let property = document.resolved(child)
                let childPath = path.isEmpty ? key : path + "." + key
                guard let keyPath = KeyPath(childPath) else { continue }
                if let found = match(key, property) { return (keyPath, found) }
                if property["properties"] != nil, depth + 1 < 4 { queue.append((childPath, property, depth + 1)) }
            }
        }
        return nil
    }
}
