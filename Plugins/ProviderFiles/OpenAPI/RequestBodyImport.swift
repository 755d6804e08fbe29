import APICore
import APIDocuments

/// An operation's request body as options: each top-level property of a JSON (or form)
/// body becomes an option sent `in: body`, typed and checked as a query parameter is
/// (a `required` property is a required option); deeper data is not offered as options.
///
/// OpenAPI 3: `requestBody.content` under a JSON type, else a form type; Swagger 2: the
/// `in: body` parameter's schema, or each `in: formData` parameter.
extension OpenAPIImport {
    /// Whether the body the options make is a form (Swagger 2's `formData`, or a form type and no JSON one).
    func sendsForm(_ found: OpenAPIDocument.Found, parameters: [DocumentNode], document: OpenAPIDocument) -> Bool {
        if document.isSwagger2 {
            return !parameters.contains { $0["in"]?.string == "body" } && parameters.contains { $0["in"]?.string == "formData" }
        }
        let content = found.node["requestBody"].map(document.resolved)?["content"]?.members ?? []
        return !content.contains { AnswerContent.isJSON($0.key) && !$0.key.hasPrefix("*/*") }
            && content.contains { $0.key.lowercased().hasPrefix("application/x-www-form-urlencoded") }
    }

    func bodyOptions(
        _ found: OpenAPIDocument.Found, parameters: [DocumentNode], document: OpenAPIDocument, taken: inout Set<String>
    ) -> [ProviderFile.Option] {
        var properties: [(wire: String, node: DocumentNode, required: Bool)] = []
        if document.isSwagger2 {
            if let body = parameters.first(where: { $0["in"]?.string == "body" }), let schema = body["schema"].map(document.resolved) {
                properties = Self.properties(of: schema, document: document)
            } else {
                properties = parameters.filter { $0["in"]?.string == "formData" && $0["type"]?.string != "file" }.compactMap { node in
                    node["name"]?.string.map { ($0, node, node["required"]?.bool == true) }
                }
            }
        } else if let body = found.node["requestBody"].map(document.resolved), let content = body["content"]?.members {
            let chosen = content.first { AnswerContent.isJSON($0.key) && !$0.key.hasPrefix("*/*") }
                ?? content.first { $0.key.lowercased().hasPrefix("application/x-www-form-urlencoded") }
            if let schema = chosen?.value["schema"].map(document.resolved) {
                properties = Self.properties(of: schema, document: document)
            }
        }
        var options: [ProviderFile.Option] = []
        for property in properties.prefix(24) {
            guard var option = option(property.node, wire: property.wire, document: document, taken: &taken) else { continue }
            option.inBody = true
            option.secret = Self.isSecret(property.node)
            if property.required {
                // A required member the API fills in by itself is not required; one it does not is.
                option.defaultValue = option.apiDefault
                option.required = option.apiDefault == nil
                option.apiDefault = nil
            }
            options.append(option)
        }
        return options
    }

    /// The top-level scalar properties of an object schema (`allOf` parts merged), with whether each is required.
    private static func properties(of schema: DocumentNode, document: OpenAPIDocument) -> [(wire: String, node: DocumentNode, required: Bool)] {
        var parts = [schema]
        parts += (schema["allOf"]?.array ?? []).map(document.resolved)
        var found: [(wire: String, node: DocumentNode, required: Bool)] = []
        var seen = Set<String>()
        for part in parts {
            let required = Set(part["required"]?.array?.compactMap(\.string) ?? [])
            for (name, node) in part["properties"]?.members ?? [] where seen.insert(name).inserted {
                let property = document.resolved(node)
                // Objects and arrays are deeper data: not an option.
                guard !["object", "array"].contains(property["type"]?.string ?? ""), property["properties"] == nil,
                      property["readOnly"]?.bool != true
                else { continue }
                found.append((name, property, required.contains(name)))
            }
        }
        return found
    }

    /// Whether an operation that is not a GET or HEAD only reads: the document says so
    /// (`x-apicli-read: true`), the import was told (`--read OP`), or its id or summary
    /// names a search (`search`, `query`, `find`, `lookup`, `list`) and its method is POST.
    func declaresRead(_ found: OpenAPIDocument.Found) -> Bool? {
        let method = found.method.uppercased()
        guard !["GET", "HEAD"].contains(method) else { return nil }
        if let declared = found.node["x-apicli-read"]?.bool { return declared }
        let id = found.node["operationId"]?.string
        if readOperations.contains(where: { $0 == id || $0 == "\(method) \(found.path)" }) { return true }
        guard method == "POST" else { return nil }
        let words = Set(OperationNames.kebab((id ?? "") + " " + (found.node["summary"]?.string ?? ""))
            .split(separator: "-").map { $0.lowercased() })
        // `createList` names a list it makes: a word that says it changes something wins.
        guard !words.contains(where: Self.saysChange) else { return nil }
        return words.isDisjoint(with: Self.readWords) ? nil : true
    }

    static let readWords: Set<String> = ["search", "query", "find", "lookup", "list"]

    /// A change word as written, or as a verb in the third person or past (`creates`, `updated`);
    /// `post`, `put` and `patch` as the method's own name in an operationId (Stripe's `PostCustomers`).
    static func saysChange(_ word: String) -> Bool {
        if ["post", "put", "patch"].contains(word) { return true }
        return changeWords.contains { word == $0 || word == $0 + "s" || word == $0 + "d" || word == $0 + "ed" }
    }
    static let changeWords: Set<String> = [
        "create", "add", "update", "delete", "remove", "send", "upload", "edit", "insert", "replace", "cancel", "move",
        "rename", "revoke", "write", "save",
    ]
}
