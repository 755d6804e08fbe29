import APIDocuments

extension OpenAPIImport {
    /// Whether a body property holds a secret the user types: the document marks it
    /// `format: password`, or `writeOnly` with a format that names a secret (`secret`,
    /// `token`, `pin`). Such a member is sent as given but never shown by apicli.
    static func isSecret(_ property: DocumentNode) -> Bool {
        let format = property["format"]?.string?.lowercased() ?? ""
        if format == "password" { return true }
        guard property["writeOnly"]?.bool == true else { return false }
        return ["password", "secret", "token", "pin"].contains { format.contains($0) }
    }
}
