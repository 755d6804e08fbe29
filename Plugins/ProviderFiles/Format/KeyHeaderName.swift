import APICore

/// Which header names may carry a provider file's key.
///
/// A name must be an HTTP token (letters, digits and `!#$%&'*+-.^_`|~`), so it
/// can neither end the header nor start another; and not a header that frames
/// the exchange or that the client sets itself (`Host`, `Content-Length`,
/// `If-None-Match` for revalidation…), which a key would silently replace.
public enum KeyHeaderName {
    /// Headers the transport or the cache own, lowercased.
    public static let reserved: Set<String> = [
        "host", "content-length", "transfer-encoding", "connection", "upgrade", "te", "trailer", "expect",
        "accept-encoding", "content-encoding", "if-none-match", "if-modified-since", "user-agent", "cookie",
    ]

    /// Why `name` cannot carry the key, or nil when it can.
    public static func problem(with name: String) -> String? {
        let tokenPunctuation = "!#$%&'*+-.^_`|~".unicodeScalars
        guard !name.isEmpty, name.count <= 100,
              name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || tokenPunctuation.contains($0)) })
        else { return "'\(name)' is not a usable header name (letters, digits and - only, as in X-Api-Key)" }
        guard !reserved.contains(name.lowercased()) else {
            return "the header '\(name)' is set by apicli itself; name the header the API reads the key from"
        }
        return nil
    }
}
