import APICore

/// Version 2 of the format: `operations`, each with its own path, arguments,
/// options, items, columns and paging; and the path arguments of any operation.
extension ProviderFileReader {
    /// At most this many operations: a whole API's GET operations, with room to spare.
    static let maxOperations = 2_000

    func readOperations(_ fields: inout FieldReader, version: Int?, key: ProviderFile.Key?) -> [ProviderFile.Operation]? {
        let root = fields.node
        if let version, version < 2 {
            fields.problem("operations", line: root["operations"]?.line, "needs \"apicli\": 2 (format 1 has one operation)")
        }
        for field in Self.operationFields where root[field] != nil {
            fields.problem(field, line: root[field]?.line, "belongs in each of operations, not at the top, when the file has operations")
        }
        guard let nodes = fields.array("operations", required: true, maxCount: Self.maxOperations) else { return nil }
        guard !nodes.isEmpty else {
            fields.problem("operations", line: root["operations"]?.line, "give at least one operation")
            return nil
        }
        var names = Set<String>()
        let known = ["name", "summary", "about", "key"] + Self.operationFields + Self.namingFields + Self.methodFields
        let operations = fields.objects(nodes, at: "operations", known: known) { operation, node -> ProviderFile.Operation? in
            let name = operation.string("name", maxLength: ProviderFile.maxOperationNameLength)
            if let name, !ProviderFile.isValidOperationName(name) {
                operation.problem("name", line: node["name"]?.line, "'\(name)' must be lowercase letters, digits and dashes, starting with a letter")
            } else if let name, !names.insert(name).inserted {
                operation.problem("name", line: node["name"]?.line, "'\(name)' is the name of another operation")
            }
            let summary = operation.string("summary", maxLength: 200)
            let about = operation.string("about", required: false, maxLength: 4_000)
            let sendsKey = readOperationKey(&operation, key: key)
            let naming = readNaming(&operation)
            let method = readMethod(&operation)
            guard let name, let summary else { return nil }
            var read = readOperation(&operation, name: name, summary: summary, about: about, key: key, wordsRequired: false)
            read?.sendsKey = sendsKey
            read?.aliases = naming.aliases
            read?.tags = naming.tags
            read?.method = method.method
            read?.read = method.read
            read?.formBody = method.form
            return read
        }
        checkAliases(&fields, operations, nodes: nodes)
        return operations
    }

    /// The path parameters, in order: each fills one `{parameter}` of the path, and
    /// every placeholder is filled by an argument or the words.
    func readArguments(_ fields: inout FieldReader, path: String?, words: ProviderFile.Words?) -> [ProviderFile.Argument]? {
        var arguments: [ProviderFile.Argument] = []
        if let nodes = fields.array("arguments", maxCount: 16) {
            var seen = Set<String>()
            arguments = fields.objects(nodes, at: "arguments", known: Self.argumentFields) { argument, node in
                let parameter = argument.string("parameter", maxLength: 100)
                let name = argument.string("name", required: false, maxLength: 40) ?? parameter
                if let name, !ProviderDescriptor.isValidName(name) {
                    argument.problem("name", line: node["name"]?.line, "'\(name)' must be lowercase letters, digits and dashes")
                }
                if let parameter, let path, !path.containsLiteral("{\(parameter)}") {
                    argument.problem("parameter", line: node["parameter"]?.line, "the path has no {\(parameter)} to fill")
                } else if let parameter, !seen.insert(parameter).inserted {
                    argument.problem("parameter", line: node["parameter"]?.line, "{\(parameter)} is filled by another argument")
                }
                let type = node["type"] == nil ? .text : readOptionType(&argument, node: node)
                let help = argument.string("help", required: false, maxLength: 300) ?? "Fills {\(parameter ?? "")} in the path."
                let pattern = readPattern(&argument, node: node, type: type)
                guard let name, let parameter, let type else { return nil }
                var read = ProviderFile.Argument(name: name, parameter: parameter, type: type, help: help)
                read.pattern = pattern
                return read
            }
        } else if fields.node["arguments"] != nil {
            return nil
        }
        if let path {
            // An argument refused for its own reasons still names its placeholder: one problem, not two.
            var filled = Set(arguments.map(\.parameter) + (fields.node["arguments"]?.array ?? []).compactMap { $0["parameter"]?.string })
            if case let .pathSegment(segment)? = words { filled.insert(segment) }
            for placeholder in Self.placeholders(in: path) where !filled.contains(placeholder) {
                fields.problem("path", line: fields.node["path"]?.line, "nothing fills {\(placeholder)}; add it to arguments")
            }
        }
        return arguments
    }

    /// The `{name}` placeholders of a path, in order.
    static func placeholders(in path: String) -> [String] {
        // By bytes, as `FileArguments.path` fills them with `replacingAll`.
        var names: [String] = []
        var rest = Substring(path)
        while let (_, opened) = rest.cut(atFirst: "{"), let (name, after) = opened.cut(atFirst: "}") {
            names.append(String(name))
            rest = after
        }
        return names
    }
}
