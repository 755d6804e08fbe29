/// The Model Context Protocol revisions `apicli mcp` speaks, newest first.
///
/// Negotiation as the lifecycle section of the specification sets it: a client that asks
/// for a revision the server supports gets that one; any other request gets the newest,
/// and the client decides whether it can go on. The tools this server offers read
/// the same in every listed revision (`structuredContent` and `title` are extra fields
/// that older clients ignore).
enum ProtocolVersion {
    static let supported = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]

    static var latest: String { supported[0] }

    static func negotiate(_ requested: String?) -> String {
        guard let requested, supported.contains(requested) else { return latest }
        return requested
    }
}
