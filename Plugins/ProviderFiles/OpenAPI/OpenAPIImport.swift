import APICore
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
    let operation: String
    /// `--query-param`: which parameter takes the words; else `q` or `query`.
    let wordsParameter: String?
    /// Option names the host's global options take, which an imported option must avoid.
    let reservedOptions: Set<String>

    static let pageNames = ["page"]
    static let offsetNames = ["offset", "start", "sroffset", "skip"]
    static let sizeNames = ["limit", "per_page", "page_size", "pageSize", "hitsPerPage", "rows", "count", "size", "srlimit"]
    static let totalNames = ["hits", "total", "totalHits", "total_count", "totalCount", "nbHits", "totalhits", "count"]

    public init(name: String, documentPath: String, operation: String, wordsParameter: String?, reservedOptions: Set<String> = []) {
        self.name = name
        self.documentPath = documentPath
        self.operation = operation
        self.wordsParameter = wordsParameter
        self.reservedOptions = reservedOptions
    }

    public func providerFile() throws -> ProviderFile {
        let document = try OpenAPIDocument(path: documentPath)
        let found = try document.operation(operation)
        guard found.method == "get" else {
            throw document.error(found.node, "\(found.method.uppercased()) \(found.path) is not a GET; provider files only search with GET")
        }
        let server = try document.server(for: found.node, pathItem: found.pathItem)
        let key = try document.keyPlacement(for: found.node)
        let keyParameter: String? = if case let .query(name)? = key { name } else { nil }
        let parameters = mergedParameters(found, in: document)
        let query = parameters.filter { $0["in"]?.string == "query" && $0["name"]?.string != keyParameter }
        let pathParameters = parameters.filter { $0["in"]?.string == "path" }.compactMap { $0["name"]?.string }
        let names = query.compactMap { $0["name"]?.string }

        let words: ProviderFile.Words
        if let wanted = wordsParameter {
            guard names.contains(wanted) || pathParameters.contains(wanted) else {
                throw document.error(found.node, "\(found.path) has no parameter '\(wanted)' (it has: \(names.joined(separator: ", ")))")
            }
            words = pathParameters.contains(wanted) ? .pathSegment(wanted) : .parameter(wanted)
        } else if let guess = ["q", "query"].first(where: names.contains) {
            words = .parameter(guess)
        } else if pathParameters.count == 1, let only = pathParameters.first {
            words = .pathSegment(only)
        } else {
            throw document.error(found.node, "no parameter named q or query takes the words; choose one with --query-param (\(names.joined(separator: ", ")))")
        }
        let taken: String? = if case let .parameter(name) = words { name } else { nil }
        for parameter in pathParameters where words != .pathSegment(parameter) {
            throw document.error(found.node, "the path parameter {\(parameter)} cannot be filled; only the words can fill a path segment")
        }

        let answer = AnswerSchema(resolver: SchemaResolver(root: document.root, documentPath: documentPath))
        guard let schema = document.responseSchema(of: found.node), let items = try answer.items(in: schema) else {
            throw document.error(found.node, "the 200 answer has no JSON schema of an object or an array of objects to take as items")
        }
        let listed = items.shape.kind == .list
        let paging = listed ? self.paging(query, document: document, answer: schema, schema: answer) : nil
        let pagingNames = Set([paging?.parameter, paging?.sizeParameter].compactMap { $0 })
        var optionNames = reservedOptions.union(paging == nil ? [] : ["page", "pages"])
        let options = query.compactMap { parameter -> ProviderFile.Option? in
            guard let wire = parameter["name"]?.string, wire != taken, !pagingNames.contains(wire) else { return nil }
            return option(parameter, wire: wire, document: document, taken: &optionNames)
        }

        let fields = try answer.fields(of: items.item, expanding: items.expanding)
        let id = ColumnGuess.id(among: fields)
        let title = document.root["info"]?["title"]?.string.map { TerminalSanitizer.clean($0) }
        let summary = TerminalSanitizer.clean([title, found.node["summary"]?.string].compactMap { $0 }.joined(separator: ": "))
        return ProviderFile(
            name: name, summary: String((summary.isEmpty ? "Imported from \(documentPath)" : summary).prefix(200)),
            about: "Imported from the OpenAPI document \(PathText.lastComponent(of: documentPath)), operation \(operation).",
            displayName: title.map { String($0.prefix(60)) }, baseURL: server.origin, path: server.prefix + found.path,
            words: words,
            key: key.map {
                ProviderFile.Key(
                    placement: $0, environmentVariable: ProviderFile.keyVariable(for: name),
                    signupURL: document.root["externalDocs"]?["url"]?.string)
            },
            options: options, items: items.shape, id: id.flatMap(KeyPath.init),
            columns: ColumnGuess.columns(from: fields, id: id), paging: paging, rateLimits: [], cacheSeconds: 600)
    }

    /// Path-level parameters, overridden by the operation's own of the same name and place.
    private func mergedParameters(_ found: (method: String, path: String, node: DocumentNode, pathItem: DocumentNode), in document: OpenAPIDocument) -> [DocumentNode] {
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
                if facts["format"]?.string == "date" || description.contains("YYYY-MM-DD") {
                    type = .date(format: "yyyy-MM-dd")
                } else if description.contains("YYYYMMDD") {
                    type = .date(format: "yyyyMMdd")
                } else {
                    type = .text
                }
            }
        }
        return ProviderFile.Option(name: name, parameter: wire, type: type, help: helpLine(description, wire: wire), defaultValue: nil)
    }

    /// The description's first sentence, one line, without the stray quotes some documents carry.
    private func helpLine(_ description: String, wire: String) -> String {
        let cleaned = description.replacingAll("\"", with: "")
            .split(whereSeparator: \.isNewline).map { $0.trimmed(.whitespaces) }
            .first { !$0.isEmpty && !$0.hasPrefix("Format:") } ?? ""
        let sentence = cleaned.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
        return sentence.isEmpty ? "Sent as the \(wire) parameter." : String(sentence.prefix(200)) + "."
    }
}
