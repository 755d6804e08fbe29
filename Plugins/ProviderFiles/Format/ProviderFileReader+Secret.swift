import APIDocuments

extension ProviderFileReader {
    /// An option's `secret`: only a body member can be one, since the display of a request
    /// masks body members by name; a query parameter would still show in the URL.
    func readSecret(_ fields: inout FieldReader, node: DocumentNode, inBody: Bool) -> Bool {
        guard let secret = fields.bool("secret") else { return false }
        if secret, !inBody {
            fields.problem("secret", line: node["secret"]?.line, "applies to a body option only (add \"in\": \"body\")")
            return false
        }
        return secret
    }
}
