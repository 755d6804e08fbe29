import APIBasics

/// Takes passwords out of what libpq says, and makes it one line.
///
/// libpq does not print a password it was given as a keyword, but its messages quote
/// the connection string or URL in some failures ("invalid URI query parameter …"),
/// and a URL kept in a setting may carry one. Every occurrence of the password, as
/// given and percent-encoded, becomes `***`, and so does any `user:password@` in a URL.
public struct PostgresRedaction: Sendable {
    let secrets: [String]

    public init(password: String?) {
        guard let password, !password.isEmpty else {
            secrets = []
            return
        }
        let encoded = PercentCoding.encode(password, keeping: PercentCoding.isUnreserved)
        secrets = encoded == password ? [password] : [password, encoded]
    }

    /// `text` on one line, with no password in it.
    public func clean(_ text: String) -> String {
        var line = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmed(.whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: "; ")
        for secret in secrets { line = line.replacingAll(secret, with: "***") }
        return DatabaseURL.redactingPasswords(in: line)
    }
}
