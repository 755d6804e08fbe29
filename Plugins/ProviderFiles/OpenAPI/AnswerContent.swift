import APICore
import APIDocuments

/// What an operation's success answer is, as the document declares it, for the
/// importer: a JSON schema to read the items from, JSON without a usable schema
/// (taken as it comes, ``ItemsShape/Kind/any``), or something that is not JSON.
///
/// Only a declaration that the answer is not JSON leaves an operation out: a media
/// type apicli cannot read (`application/pdf`, `text/html`, Swagger 2's `produces`),
/// a schema of one string or number, or no success answer at all. A missing or
/// empty schema says nothing about the answer: most such answers are JSON (GitHub's
/// `/repos/{owner}/{repo}/languages`, an object of counts; APIs.guru's list, an
/// object keyed by name), so they are imported and read as they come.
enum AnswerContent {
    case schema(DocumentNode)
    case asItComes
    case leftOut(String)

    /// A media type whose body is read as JSON: `…json…` (`application/vnd.github+json`,
    /// `application/problem+json`), or a wildcard that allows it.
    static func isJSON(_ mediaType: String) -> Bool {
        let type = mediaType.lowercased()
        return type.containsLiteral("json") || type.hasPrefix("*/*") || type.hasPrefix("application/*")
    }

    /// The content of `operation`'s 200 answer (`2XX`, `default`), as `document` declares it.
    static func of(_ operation: DocumentNode, in document: OpenAPIDocument) -> AnswerContent {
        let responses = operation["responses"]
        guard let response = (responses?["200"] ?? responses?["2XX"] ?? responses?["default"]).map(document.resolved) else {
            return .leftOut("the document declares no 200 answer")
        }
        if document.isSwagger2 {
            let produces = (operation["produces"] ?? document.root["produces"])?.array?.compactMap(\.string) ?? []
            if !produces.isEmpty, !produces.contains(where: isJSON) {
                return .leftOut("the 200 answer is \(produces.joined(separator: ", ")), not JSON")
            }
            return schemaContent(response["schema"].map(document.resolved))
        }
        guard let content = response["content"], let types = content.members, !types.isEmpty else { return .asItComes }
        guard let json = types.first(where: { isJSON($0.key) }) else {
            return .leftOut("the 200 answer is \(types.map(\.key).joined(separator: ", ")), not JSON")
        }
        return schemaContent(json.value["schema"].map(document.resolved))
    }

    /// A schema of one scalar is not a record or a list; a missing or empty one says nothing.
    private static func schemaContent(_ schema: DocumentNode?) -> AnswerContent {
        guard let schema, let members = schema.members, !members.isEmpty else { return .asItComes }
        if let type = schema["type"]?.string, ["string", "number", "integer", "boolean"].contains(type) {
            return .leftOut("the 200 answer is declared as one \(type), not a record or a list")
        }
        return .schema(schema)
    }
}
