import APICore
import APIDocuments
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads and checks a provider file, reporting every problem with its field and line.
///
/// A provider file decides where a key is sent, so it is read strictly:
/// unknown fields are typos, base URLs are http(s) only, the key comes only
/// from the provider's own variable, and sizes and depths are bounded.
public struct ProviderFileReader {
    /// How the file is named in messages.
    let file: String
    /// The name the file's location gives it (`hn` for `providers/hn.json`); nil for a file given by path.
    let expectedName: String?
    /// Command words and option names the host has taken.
    let reserved: ReservedNames

    /// Files larger than this are refused before parsing: room for a whole API's
    /// GET operations (Stripe's 216 make about 1 MiB), still bounded.
    static let maxBytes = 8 * 1024 * 1024

    static let topFields = [
        "$schema", "apicli", "name", "summary", "about", "displayName", "baseURL", "path", "words", "key", "options",
        "items", "id", "columns", "paging", "rateLimits", "cacheSeconds", "operations", "keyOf", "spacing", "headers",
        "itemsSeen",
    ]
    /// What a version-1 file holds at the top and a version-2 file in each of its `operations`.
    static let operationFields = ["path", "words", "arguments", "options", "items", "id", "columns", "paging", "itemsSeen"]
    static let optionFields = [
        "name", "parameter", "type", "help", "default", "minimum", "maximum", "format", "choices", "required",
        "pattern", "apiDefault", "in",
        "secret",
    ]
    static let argumentFields = ["name", "parameter", "type", "help", "minimum", "maximum", "format", "choices", "pattern"]
    static let columnFields = ["name", "path", "kind", "searchable"]
    static let pagingFields = ["style", "parameter", "first", "size", "sizeParameter", "maxPage", "total", "cursor", "more", "next", "lastItem", "step"]
    static let rateLimitFields = ["perSecond", "perMinute", "perHour", "perDay"]
    static let keyFields = ["parameter", "header", "scheme", "environmentVariable", "signupURL", "optional", "oauth2"]

    public init(file: String, expectedName: String?, reserved: ReservedNames) {
        self.file = file
        self.expectedName = expectedName
        self.reserved = reserved
    }

    public func read(_ bytes: [UInt8]) throws(ProviderFileError) -> ProviderFile {
        guard bytes.count <= Self.maxBytes else {
            throw ProviderFileError(file: file, "larger than \(Self.maxBytes / 1024) KiB; a provider file is a page of JSON")
        }
        let root: DocumentNode
        do {
            // Strict: a key given twice is refused (jq and Python would take the last, apicli the first),
            // and a BOM, UTF-16 or a control byte is named, never echoed.
            root = try JSONDocumentReader.read(bytes, limits: DocumentLimits(maxBytes: Self.maxBytes, maxDepth: 64))
        } catch {
            switch error.kind {
            case .syntax:
                throw ProviderFileError(
                    file: file, line: error.line, "not valid JSON: \(error.reason) (column \(error.column))")
            default:
                throw ProviderFileError(file: file, line: error.line > 0 ? error.line : nil, error.reason)
            }
        }
        guard root.members != nil else {
            throw ProviderFileError(file: file, line: root.line, "must be a JSON object, not \(root.kindName)")
        }
        var fields = FieldReader(root, prefix: "")
        fields.refuseUnknown(Self.topFields)
        let version = fields.int("apicli", in: 1...Int.max, required: true)
        if let version, version > ProviderFile.formatVersion {
            fields.problem("apicli", line: root["apicli"]?.line,
                           "format \(version) is newer than this apicli reads (\(ProviderFile.formatVersion)); upgrade apicli")
        }
        let name = readName(&fields)
        let summary = fields.string("summary", maxLength: 200)
        let about = fields.string("about", required: false, maxLength: 4_000)
        let displayName = fields.string("displayName", required: false, maxLength: 60)
        let baseURL = readBaseURL(&fields)
        let keyOf = readKeyOf(&fields, name: name)
        let key = readKey(&fields, name: name, keyOf: keyOf)
        let headers = readHeaders(&fields, key: key)
        let operations: [ProviderFile.Operation]?
        if root["operations"] != nil {
            operations = readOperations(&fields, version: version, key: key)
        } else {
            // Version 1: the one operation's fields are at the top, named after the provider.
            operations = readOperation(&fields, name: name ?? "", summary: summary ?? "", about: nil, key: key, wordsRequired: true)
                .map { [$0] }
        }
        let rateLimits = readRateLimits(&fields)
        let cacheSeconds = fields.int("cacheSeconds", in: 0...(31 * 86_400)) ?? 600
        let spacing = fields.int("spacing", in: 1...3_600)

        checkHeaderNames(&fields, headers: headers, operations: operations ?? [])
        guard fields.problems.isEmpty, let name, let summary, let baseURL, let operations, !operations.isEmpty else {
            throw ProviderFileError(file: file, problems: fields.problems.sorted { ($0.line ?? 0) < ($1.line ?? 0) })
        }
        var file = ProviderFile(
            name: name, summary: summary, about: about, displayName: displayName, baseURL: baseURL, key: key,
            rateLimits: rateLimits, cacheSeconds: cacheSeconds, operations: operations)
        file.spacing = spacing
        file.keyOf = key == nil ? nil : keyOf
        file.headers = headers
        return file
    }

    /// The fields of one operation, from the file's top (version 1) or one element of `operations`.
    func readOperation(
        _ fields: inout FieldReader, name: String, summary: String, about: String?, key: ProviderFile.Key?,
        wordsRequired: Bool
    ) -> ProviderFile.Operation? {
        let path = readPath(&fields)
        let words = readWords(&fields, path: path, required: wordsRequired)
        let paging = readPaging(&fields)
        let options = readOptions(&fields, paging: paging)
        fields.absorb(OptionDefaultCheck.problems(of: options ?? [], nodes: fields.node["options"]?.array ?? [], at: fields.field("options")))
        let arguments = readArguments(&fields, path: path, words: words)
        let items = readItems(&fields)
        let itemsSeen = readItemsSeen(&fields)
        let id = fields.keyPath("id", required: false)
        // A record shows every field of the answer; its columns only say what offline search reads.
        // An answer taken as it comes shows the columns its items' own fields suggest (``FileItemRendering``).
        let columns = readColumns(&fields, allowingNone: items?.kind == .record || items?.kind == .any)
        checkParameters(&fields, words: words, key: key, options: options ?? [], paging: paging)
        let wordsOptional = readWordsOptional(&fields, words: words)
        guard let path, let options, let arguments, let items, let columns, let itemsSeen else { return nil }
        var operation = ProviderFile.Operation(
            name: name, summary: summary, about: about, path: path, words: words, arguments: arguments,
            options: options, items: items, id: id, columns: columns, paging: paging)
        operation.itemsSeen = itemsSeen
        operation.wordsOptional = wordsOptional
        return operation
    }

    private func readName(_ fields: inout FieldReader) -> String? {
        guard let name = fields.string("name", maxLength: 40) else { return nil }
        let line = fields.node["name"]?.line
        guard ProviderDescriptor.isValidName(name) else {
            fields.problem("name", line: line, "'\(name)' must be lowercase letters, digits and dashes, starting with a letter")
            return nil
        }
        if !reserved.allowsProvider(named: name) {
            fields.problem("name", line: line, "'\(name)' is taken by a compiled provider or a built-in command; choose another")
            return nil
        }
        if let expectedName, expectedName != name {
            fields.problem("name", line: line, "'\(name)' differs from the file name; name the file \(name).json or the provider \(expectedName)")
            return nil
        }
        return name
    }


    private func readBaseURL(_ fields: inout FieldReader) -> URL? {
        guard let text = fields.string("baseURL") else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false, url.user == nil, url.password == nil, url.query == nil, url.fragment == nil
        else {
            fields.problem("baseURL", line: fields.node["baseURL"]?.line,
                           "'\(text)' must be an http:// or https:// URL with a host and no query")
            return nil
        }
        return url
    }

    private func readPath(_ fields: inout FieldReader) -> String? {
        guard let path = fields.string("path", maxLength: 500) else { return nil }
        guard path.startsWithLiteral("/"), !path.containsLiteral("?"), !path.containsLiteral("#"), !path.containsLiteral("..") else {
            fields.problem("path", line: fields.node["path"]?.line, "'\(path)' must start with / and hold no ?, # or ..")
            return nil
        }
        return path
    }

    private func readWords(_ fields: inout FieldReader, path: String?, required: Bool) -> ProviderFile.Words? {
        guard let node = fields.object("words", required: required) else { return nil }
        var words = FieldReader(node, prefix: "words")
        words.refuseUnknown(["parameter", "pathSegment", "optional"])
        defer { fields.absorb(words) }
        switch (node["parameter"], node["pathSegment"]) {
        case (.some, nil):
            return words.parameter("parameter").map(ProviderFile.Words.parameter)
        case (nil, .some):
            guard let segment = words.parameter("pathSegment") else { return nil }
            if let path, !path.containsLiteral("{\(segment)}") {
                words.problem("pathSegment", line: node["pathSegment"]?.line, "the path has no {\(segment)} to fill")
                return nil
            }
            return .pathSegment(segment)
        default:
            words.problem("", line: node.line, "give exactly one of parameter or pathSegment")
            return nil
        }
    }

    private func readKey(_ fields: inout FieldReader, name: String?, keyOf: String?) -> ProviderFile.Key? {
        guard let node = fields.node["key"] else {
            fields.problem("key", line: nil, "missing; use \"none\" for an API without a key")
            return nil
        }
        if node.string == "none" { return nil }
        guard node.members != nil else {
            fields.problem("key", line: node.line, "must be \"none\" or an object with parameter or header, not \(node.kindName)")
            return nil
        }
        var key = FieldReader(node, prefix: "key")
        key.refuseUnknown(Self.keyFields)
        defer { fields.absorb(key) }
        let placement = readPlacement(&key)
        let signup = key.string("signupURL", required: false, maxLength: 300)
        let own = keyVariable(name: name, keyOf: keyOf)
        if let variable = key.string("environmentVariable", required: false, maxLength: 100), variable != own {
            key.problem("environmentVariable", line: node["environmentVariable"]?.line,
                        keyOf == nil
                            ? "a provider file may only read its own variable, \(own), not \(variable)"
                            : "a provider file with keyOf may only read that provider's variable, \(own), not \(variable)")
        }
        let optional = key.bool("optional") ?? false
        let oauth2 = readOAuth2(&key, placement: placement)
        guard let placement else { return nil }
        var read = ProviderFile.Key(placement: placement, environmentVariable: own, signupURL: signup)
        read.optional = optional
        read.oauth2 = oauth2
        return read
    }

    /// `parameter` (a query parameter) or `header`: exactly one of them.
    private func readPlacement(_ key: inout FieldReader) -> CredentialPlacement? {
        let node = key.node
        if node["scheme"] != nil { return readScheme(&key) }
        switch (node["parameter"], node["header"]) {
        case (nil, nil):
            key.problem("parameter", line: nil, "missing; name the query parameter (parameter) or the header (header) that carries the key")
            return nil
        case (.some, let header?):
            key.problem("header", line: header.line, "give parameter or header, not both")
            return nil
        case (.some, nil):
            return key.parameter("parameter").map(CredentialPlacement.query)
        case (nil, let header?):
            guard let name = key.string("header", maxLength: 100) else { return nil }
            if let problem = KeyHeaderName.problem(with: name) {
                key.problem("header", line: header.line, problem)
                return nil
            }
            return .header(name)
        }
    }

    private func readRateLimits(_ fields: inout FieldReader) -> [RateLimit] {
        guard let node = fields.object("rateLimits") else { return [] }
        var limits = FieldReader(node, prefix: "rateLimits")
        let windows = Array(zip(Self.rateLimitFields, [Int64(1), 60, 3_600, 86_400]))
        limits.refuseUnknown(Self.rateLimitFields)
        defer { fields.absorb(limits) }
        return windows.compactMap { key, seconds in
            limits.int(key, in: 1...1_000_000).map { RateLimit($0, per: .seconds(seconds)) }
        }
    }

    /// No two uses of one query parameter: the key, the words, the options and paging each need their own.
    private func checkParameters(
        _ fields: inout FieldReader, words: ProviderFile.Words?, key: ProviderFile.Key?, options: [ProviderFile.Option],
        paging: ProviderFile.Paging?
    ) {
        let root = fields.node
        var uses: [(String, String, Int?)] = []
        if case let .parameter(name)? = words { uses.append((name, "words.parameter", root["words"]?["parameter"]?.line)) }
        if case let .query(parameter)? = key?.placement {
            uses.append((parameter, "key.parameter", root["key"]?["parameter"]?.line))
        }
        let optionNodes = root["options"]?.array ?? []
        for (index, option) in options.enumerated() {
            let line = optionNodes.first { $0["name"]?.string == option.name }?["parameter"]?.line
            uses.append((option.parameter, "options[\(index)].parameter", line))
        }
        if let paging {
            uses.append((paging.parameter, "paging.parameter", root["paging"]?["parameter"]?.line))
            if let size = paging.sizeParameter {
                uses.append((size, "paging.sizeParameter", root["paging"]?["sizeParameter"]?.line))
            }
        }
        var seen: [String: String] = [:]
        for (parameter, field, line) in uses {
            if let earlier = seen[parameter] {
                fields.problem(field, line: line, "the parameter '\(parameter)' is already used by \(earlier)")
            } else {
                seen[parameter] = field
            }
        }
    }
}
