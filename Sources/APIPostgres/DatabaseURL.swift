import APIBasics

/// A PostgreSQL connection URL (`postgresql://user@host:5432/db?sslmode=require`), read
/// only as far as apicli needs: whether it names PostgreSQL, the password it carries, and
/// the same URL without it — what a sync's high-water mark is kept under and what
/// messages show.
public struct DatabaseURL: Sendable, Equatable {
    /// The URL as given.
    public let text: String

    /// `postgresql://` and `postgres://`, as libpq accepts them.
    public static let schemes = ["postgresql://", "postgres://"]

    /// Whether `text` is a PostgreSQL URL rather than a store's path.
    public static func isPostgres(_ text: String) -> Bool {
        schemes.contains { text.lowercased().hasPrefix($0) }
    }

    public init?(_ text: String) {
        guard Self.isPostgres(text) else { return nil }
        self.text = text
    }

    /// Where the user information ends and the host begins: the authority's last `@`.
    private var parts: (scheme: Substring, userInfo: Substring?, rest: Substring) {
        let schemeEnd = text.firstRange(ofLiteral: "://").map(\.upperBound) ?? text.startIndex
        let scheme = text[..<schemeEnd]
        let afterScheme = text[schemeEnd...]
        let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
        let authority = afterScheme[..<authorityEnd]
        guard let at = authority.lastIndex(of: "@") else { return (scheme, nil, afterScheme) }
        return (scheme, authority[..<at], afterScheme[authority.index(after: at)...])
    }

    /// The password in the URL (`user:secret@`), percent-decoded; nil when it has none.
    public var password: String? {
        guard let info = parts.userInfo, let colon = info.firstIndex(of: ":") else { return nil }
        let encoded = info[info.index(after: colon)...]
        guard !encoded.isEmpty else { return nil }
        return PercentCoding.decode(encoded) ?? String(encoded)
    }

    /// The URL with no password: `postgresql://user@host/db`.
    public var withoutPassword: String {
        let (scheme, info, rest) = parts
        guard let info else { return text }
        let user = info.firstIndex(of: ":").map { info[..<$0] } ?? info
        return scheme + (user.isEmpty ? "" : user + "@") + rest
    }

    /// Whether the query carries a password (`?password=…`), which libpq reads too.
    public var hasPasswordParameter: Bool {
        guard let question = text.firstIndex(of: "?") else { return false }
        return text[text.index(after: question)...].split(separator: "&").contains {
            $0.lowercased().hasPrefix("password=")
        }
    }

    /// `text` with the password of every PostgreSQL URL in it replaced by `***`.
    public static func redactingPasswords(in text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let start = schemes.compactMap({ rest.lowercased().firstRange(ofLiteral: $0)?.lowerBound }).min() {
            // The lowered copy has the same length in characters for these ASCII schemes.
            let offset = rest.lowercased().distance(from: rest.lowercased().startIndex, to: start)
            let begin = rest.index(rest.startIndex, offsetBy: offset)
            result += rest[..<begin]
            let end = rest[begin...].firstIndex { $0 == " " || $0 == "\"" || $0 == "'" } ?? rest.endIndex
            let url = String(rest[begin..<end])
            var shown = DatabaseURL(url)?.withoutPassword ?? url
            if let parsed = DatabaseURL(url), parsed.password != nil, let at = shown.firstRange(ofLiteral: "@") {
                shown = String(shown[..<at.lowerBound]) + ":***" + shown[at.lowerBound...]
            }
            result += shown
            rest = rest[end...]
        }
        return maskingPasswordParameters(in: result + rest)
    }

    /// `password=…` (a URL's query parameter or a connection string's keyword) as `password=***`.
    static func maskingPasswordParameters(in text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let found = rest.lowercased().firstRange(ofLiteral: "password=") {
            let offset = rest.lowercased().distance(from: rest.lowercased().startIndex, to: found.upperBound)
            let valueStart = rest.index(rest.startIndex, offsetBy: offset)
            result += rest[..<valueStart] + "***"
            rest = rest[valueStart...]
            rest = rest[(rest.firstIndex { $0 == "&" || $0 == " " || $0 == "\"" || $0 == "'" } ?? rest.endIndex)...]
        }
        return result + rest
    }
}
