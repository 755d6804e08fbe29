import APICore
import APIDocuments

/// Reading what a parameter's declaration adds to its type — a `pattern`, optional
/// words — and which requests carry what: an operation without the key, and the
/// `headers` settings sent with every request.
extension ProviderFileReader {
    /// At most this many `choices`: an API's enums (the National Weather Service's 131
    /// forecast offices), still a list help and completions can hold.
    static let maxChoices = 1_000
    /// At most this many `headers`.
    static let maxHeaders = 4
    static let headerFields = ["name", "header", "help"]

    /// `pattern`: a regular expression the option's or argument's values must match; not on a choice.
    func readPattern(_ fields: inout FieldReader, node: DocumentNode, type: ProviderFile.OptionType?) -> String? {
        guard let source = fields.string("pattern", required: false, maxLength: ParameterPattern.maxLength) else { return nil }
        if case .choice? = type {
            fields.problem("pattern", line: node["pattern"]?.line, "a choice takes its choices; leave pattern out")
            return nil
        }
        if let problem = ParameterPattern.problem(with: source) {
            fields.problem("pattern", line: node["pattern"]?.line, problem)
            return nil
        }
        return source
    }

    /// `words.optional`: the operation runs without words too; a path segment cannot go without.
    func readWordsOptional(_ fields: inout FieldReader, words: ProviderFile.Words?) -> Bool {
        guard let node = fields.node["words"], node["optional"] != nil else { return false }
        var reader = FieldReader(node, prefix: fields.field("words"))
        defer { fields.absorb(reader) }
        let optional = reader.bool("optional") ?? false
        if optional, case .pathSegment? = words {
            reader.problem(
                "optional", line: node["optional"]?.line, "a path segment is always filled; only a parameter's words can be optional")
            return false
        }
        return optional
    }

    /// An operation's `key`: only `"none"`, for an operation the API answers without the provider's key.
    func readOperationKey(_ fields: inout FieldReader, key: ProviderFile.Key?) -> Bool {
        guard let node = fields.node["key"] else { return true }
        guard node.string == "none" else {
            fields.problem(
                "key", line: node.line,
                "an operation's key can only be \"none\" (it sends no key); the provider's key says where a key goes")
            return true
        }
        return false
    }

    /// `headers`: settings sent as request headers, each an option of every operation.
    func readHeaders(_ fields: inout FieldReader, key: ProviderFile.Key?) -> [ProviderFile.Header] {
        guard let nodes = fields.array("headers", maxCount: Self.maxHeaders) else { return [] }
        var names = reserved.options
        var sent = Set<String>()
        return fields.objects(nodes, at: "headers", known: Self.headerFields) { entry, node in
            let header = entry.string("header", maxLength: 100)
            if let header {
                if let problem = SettingHeaderName.problem(with: header) {
                    entry.problem("header", line: node["header"]?.line, problem)
                } else if header.lowercased() == key?.placement.headerName?.lowercased() {
                    entry.problem("header", line: node["header"]?.line, "'\(header)' carries the key; a setting cannot share it")
                } else if !sent.insert(header.lowercased()).inserted {
                    entry.problem("header", line: node["header"]?.line, "'\(header)' is set by another entry")
                }
            }
            let name = entry.string("name", required: false, maxLength: 40) ?? header.map(ProviderFile.Header.optionName)
            if let name, !ProviderDescriptor.isValidName(name) {
                entry.problem("name", line: node["name"]?.line, "'\(name)' must be lowercase letters, digits and dashes")
            } else if let name, !names.insert(name).inserted {
                entry.problem("name", line: node["name"]?.line, "--\(name) is already an option; choose another name")
            }
            let help = entry.string("help", required: false, maxLength: 300)
            guard let header, let name else { return nil }
            return ProviderFile.Header(name: name, header: header, help: help ?? "Sent as the \(header) header.")
        }
    }

    /// A header's option is every operation's: none of them may have an option of its name.
    func checkHeaderNames(_ fields: inout FieldReader, headers: [ProviderFile.Header], operations: [ProviderFile.Operation]) {
        let nodes = fields.node["headers"]?.array ?? []
        for (index, header) in headers.enumerated() {
            let paged = ["page", "pages"].contains(header.name)
            guard let operation = operations.first(where: { operation in
                operation.options.contains { $0.name == header.name } || (paged && operation.paging != nil)
            }) else { continue }
            let line = nodes.first { $0["header"]?.string == header.header }?.line
            fields.problem(
                "headers[\(index)].name", line: line, "--\(header.name) is an option of \(operation.name) too; choose another name")
        }
    }
}
