import APIBasics

/// Percent-encoding of query components.
///
/// Foundation's `URLComponents` leaves `+`, `&`, `=` and `;` alone in query values,
/// which servers then read as a space or a separator. Escaping everything outside
/// RFC 3986's unreserved set makes `c++ & rust` arrive as exactly that text.
public enum PercentEncoding {
    /// Encodes one component: only `A–Z a–z 0–9 - . _ ~` stay as they are.
    public static func encode(_ text: String) -> String {
        PercentCoding.encode(text, keeping: PercentCoding.isUnreserved)
    }

    /// `name=value&name=value`, each side encoded.
    public static func formQuery(_ items: [QueryItem]) -> String {
        items.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    }
}
