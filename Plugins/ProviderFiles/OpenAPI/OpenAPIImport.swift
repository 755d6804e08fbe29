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
    /// `--read OP`: operations (operationIds or `METHOD /path`) to import as reads whatever their method.
    public var readOperations: [String] = []
    /// `--items`: where the list is in each answer, instead of what the schema says
    /// (`.some(nil)`: the answer is a bare list); nil: read from the schema.
    public var itemsPath: KeyPath?? = nil
    /// The work one import may do (`OpenAPI/ImportBudget.swift`).
    var limits = ImportBudget.Limits()

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
        let document = try OpenAPIDocument(path: documentPath, bytes: access.documentBytes, limits: limits)
        let found = try operations.isEmpty ? Self.getOperations(in: document) : operations.map(document.operation)
        // A path item in another document may hold GET operations: the import cannot say which are missing.
        try document.checkExternalReferences()
        guard !found.isEmpty else { throw document.error(document.root["paths"], "no operation to import") }
        try document.checkCount(of: found)
        var names = OperationNames()
        var imported: [ProviderFile.Operation] = []
        var skipped: [(operation: String, reason: String)] = []
        var provider = ImportedAccess()
        for operation in found {
            let label = operation.node["operationId"]?.string ?? "\(operation.method.uppercased()) \(operation.path)"
            do {
                try document.spendOperation(operation)
                let made = try self.operation(operation, in: document, named: names.next(for: operation))
                try document.checkExternalReferences()
                try provider.check(made.origin, made.key, of: operation.node, in: document)
                try check(made.operation, origin: made.origin, key: made.key.placement)
                provider.admit(made.origin, made.key)
                names.take(made.operation.name)
                imported.append(made.operation)
            } catch let error as OpenAPIImportError {
                // A reference to another document is the reason, whatever it made fail after it.
                let error = document.externalReferenceError() ?? error
                // A single operation asked for by name fails as it always did; a spent budget ends the import.
                if found.count == 1 { throw error }
                try document.budget.check()
                skipped.append((label, error.description))
            }
        }
        try document.budget.check()
        guard let origin = provider.origin, !imported.isEmpty else {
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
            : source + ": \(imported.count) operation\(imported.count == 1 ? "" : "s").")
        let summary = imported.count == 1 ? imported[0].summary
            : ImportedText.providerSummary(title: title, operations: imported, documentPath: documentPath)
        let file = ProviderFile(
            name: name, summary: summary, about: about, displayName: title.map { String($0.prefix(characters: 60, bytes: 240)) },
            baseURL: origin,
            key: provider.key(name: name, signupURL: document.root["externalDocs"]?["url"]?.string),
            rateLimits: [], cacheSeconds: 600, operations: provider.operations(imported))
        return Imported(file: provider.withHeaders(file), skipped: skipped)
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

    /// Every operation of the document whatever its method, in its order (each path's GET first).
    static func getOperations(in document: OpenAPIDocument) -> [OpenAPIDocument.Found] {
        (document.root["paths"]?.members ?? []).flatMap { path, item in
            let item = document.resolved(item)
            return importedMethods.compactMap { method in item[method].map { (method: method, path: path, node: $0, pathItem: item) } }
        }
    }

    /// The methods an import keeps, in the order each path's operations are taken.
    static let importedMethods = ["get", "head", "post", "put", "patch", "delete"]

    /// One GET operation as an operation of the file, with the server and key it needs.
    func operation(
        _ found: OpenAPIDocument.Found, in document: OpenAPIDocument, named operationName: String
    ) throws -> (operation: ProviderFile.Operation, origin: URL, key: KeyChoice) {
        guard Self.importedMethods.contains(found.method) else {
            throw document.error(found.node, "\(found.method.uppercased()) \(found.path): provider files send GET, HEAD, POST, PUT, PATCH and DELETE")
        }
        let method = found.method.uppercased()
        let read = declaresRead(found)
        let isRead = ["GET", "HEAD"].contains(method) || read == true
        let server = try document.server(for: found.node, pathItem: found.pathItem, access: access)
        let key = try document.keyChoice(for: found.node, access: access)
        let keyParameter: String? = if case let .query(name)? = key.placement { name } else { nil }
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

        let answer = AnswerSchema(resolver: SchemaResolver(document))
        let content = isRead ? AnswerContent.of(found.node, in: document) : .asItComes
        // A write's answer is printed as it came, never read for items: its schema is not looked into.
        if case let .leftOut(reason) = content { throw document.error(found.node, reason) }
        let schema: DocumentNode? = if case let .schema(declared) = content { declared } else { nil }
        let items = try answer.shape(of: content, listAt: itemsPath)
        let fields = try items.item.map { try answer.fields(of: $0, expanding: items.expanding) } ?? []
        try document.budget.spendChoosingColumns(among: fields.count)
        let id = ColumnGuess.id(among: fields)
        // Only a list pages; a record or parallel arrays is one answer.
        // Only a list pages, and only a read: a write is sent once.
        let paging = items.shape.kind != .list || !isRead ? nil
            : answerPaging(query, operation: found.node, document: document, itemID: id.flatMap(KeyPath.init))
                ?? numberedPaging(query, document: document, answer: schema, schema: answer)
        let pagingNames = Set([paging?.parameter, paging?.sizeParameter].compactMap { $0 })
        var optionNames = reservedOptions.union(paging == nil ? [] : ["page", "pages"])
            .union(key.identification.map(ProviderFile.Header.optionName))
        // A write's own flags (`--yes`, `--dry-run`) are not the document's to take.
        optionNames.formUnion(isRead ? ["dry-run"] : ["yes", "dry-run"])
        let options = query.compactMap { parameter -> ProviderFile.Option? in
            guard let wire = parameter["name"]?.string, wire != taken, !pagingNames.contains(wire) else { return nil }
            return option(parameter, wire: wire, document: document, taken: &optionNames)
        } + bodyOptions(found, parameters: parameters, document: document, taken: &optionNames)

        // The text help is made of is counted as it is read, each piece at most PlainText.readLimit bytes.
        for field in ["summary", "description"] {
            try document.budget.spend(min(found.node[field]?.string?.utf8.count ?? 0, PlainText.readLimit), on: .bytes)
        }
        let summary = ImportedText.summary(of: found.node, path: found.path)
        var operation = ProviderFile.Operation(
            name: operationName, summary: summary,
            about: ImportedText.about(of: found.node, summary: summary), path: server.prefix + found.path, words: words,
            arguments: arguments, options: options, items: items.shape, id: id.flatMap(KeyPath.init),
            columns: ColumnGuess.columns(from: fields, id: id), paging: paging)
        operation.wordsOptional = Self.wordsOptional(words, query: query)
        operation.sendsKey = key.placement != nil
        operation.tags = ImportedText.tags(of: found.node)
        operation.method = method
        operation.read = read
        operation.formBody = operation.options.contains(where: \.inBody) && sendsForm(found, parameters: parameters, document: document)
        return (operation, server.origin, key)
    }

    /// Path-level parameters, overridden by the operation's own of the same name and place.
    private func mergedParameters(_ found: OpenAPIDocument.Found, in document: OpenAPIDocument) -> [DocumentNode] {
        let shared = (found.pathItem["parameters"]?.array ?? []).map(document.resolved)
        let own = (found.node["parameters"]?.array ?? []).map(document.resolved)
        func key(_ node: DocumentNode) -> String { (node["in"]?.string ?? "") + " " + (node["name"]?.string ?? "") }
        let ownKeys = Set(own.map(key))
        return shared.filter { !ownKeys.contains(key($0)) } + own
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
