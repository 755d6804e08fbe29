import APICore

/// The Model Context Protocol revisions `apicli mcp` speaks: a dual-era server.
///
/// - **Modern** (2026-07-28, the current revision): no handshake; every request declares
///   its revision in `params._meta["io.modelcontextprotocol/protocolVersion"]`, and one this
///   server does not speak is answered with `UnsupportedProtocolVersion` (-32022) naming those
///   it does. `server/discover` says the same up front.
/// - **Legacy** (2025-11-25 back to 2024-11-05): the `initialize` handshake. A client that
///   asks for a handshake revision listed here gets it; any other request gets the newest
///   handshake revision, and the client decides whether it can go on.
///
/// The server keeps no state per connection in either era, so both are served on one stdio
/// process at once; the tools read the same in every revision (`structuredContent`, `title`
/// and `resultType` are fields older clients ignore).
enum ProtocolVersion {
    static let modern = ["2026-07-28"]
    static let handshake = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
    static var supported: [String] { modern + handshake }

    static let versionKey = "io.modelcontextprotocol/protocolVersion"
    static let serverInfoKey = "io.modelcontextprotocol/serverInfo"
    static let unsupportedCode: Int64 = -32022

    /// The handshake revision answered to an `initialize` that asks for `requested`.
    static func negotiate(_ requested: String?) -> String {
        guard let requested, handshake.contains(requested) else { return handshake[0] }
        return requested
    }

    /// The revision a modern request declares in its `_meta`; nil for a legacy request.
    static func declared(in params: JSONValue?) -> JSONValue? {
        JSONObject(JSONObject(params)?["_meta"])?[versionKey]
    }

    /// Nil when a modern request's declared revision is served, else the error that says which are.
    static func check(declared: JSONValue) -> JSONRPCError? {
        if case let .string(version) = declared, modern.contains(version) { return nil }
        var error = JSONRPCError(.invalidRequest, "Unsupported protocol version")
        error.rawCode = unsupportedCode
        error.data = .object([
            .init("supported", .array(supported.map(JSONValue.string))),
            .init("requested", declared),
        ])
        return error
    }
}
