#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// The store's three tools: everything apicli has kept, whichever provider fetched it,
/// read through the same read-only connection as `apicli store sql` (it cannot write,
/// attach or load, whatever the statement says).
enum StoreTool: String, CaseIterable, Sendable {
    case search = "search_store"
    case query = "query_store"
    case describe = "describe_store"

    /// The most rows a result carries; the rest are counted, and the text says to narrow the query.
    static let maxRows = 500

    var listing: JSONValue {
        let (title, description, properties, required): (String, String, [JSONValue.Member], [String]) = switch self {
        case .search: (
            "Search the store",
            "Full-text search over everything apicli has stored, across providers (NYT articles, "
                + "imported providers' items). Sends nothing to any API. Every word must match.",
            [
                .init("query", .object([.init("type", "string"), .init("description", "The words to find.")])),
                .init("limit", .object([
                    .init("type", "integer"), .init("minimum", 1), .init("maximum", .int(Int64(Self.maxRows))),
                    .init("default", 20), .init("description", "The most matches per table."),
                ])),
            ],
            ["query"])
        case .query: (
            "Query the store (read-only SQL)",
            "Runs one read-only SQL statement (SELECT, WITH, reporting PRAGMAs) on apicli's SQLite store, as "
                + "'apicli store sql' does; anything that writes, attaches or loads is refused. describe_store lists the tables. "
                + "At most \(Self.maxRows) rows come back.",
            [.init("sql", .object([.init("type", "string"), .init("description", "One SQL statement.")]))],
            ["sql"])
        case .describe: (
            "Describe the store",
            "The store's tables by owner (the host, each provider), what each holds, and its columns with their meaning: "
                + "what to write query_store statements against.",
            [],
            [])
        }
        var schema: [JSONValue.Member] = [
            .init("type", "object"), .init("properties", .object(properties)), .init("additionalProperties", false),
        ]
        if !required.isEmpty { schema.append(.init("required", .array(required.map(JSONValue.string)))) }
        return .object([
            .init("name", .string(rawValue)),
            .init("title", .string(title)),
            .init("description", .string(description)),
            .init("inputSchema", .object(schema)),
            .init("annotations", .object([
                .init("readOnlyHint", true), .init("destructiveHint", false), .init("idempotentHint", true),
                .init("openWorldHint", false),
            ])),
        ])
    }

    /// Reads the arguments the schema allows, or says which is wrong.
    static func arguments(_ value: JSONValue?, of tool: StoreTool) throws(JSONRPCError) -> [String: JSONValue] {
        var found: [String: JSONValue] = [:]
        switch value {
        case nil, .null?: break
        case let .object(members)?: for member in members { found[member.key] = member.value }
        default: throw JSONRPCError(.invalidParams, "the arguments of '\(tool.rawValue)' must be an object")
        }
        let allowed: Set<String> = switch tool {
        case .search: ["query", "limit"]
        case .query: ["sql"]
        case .describe: []
        }
        if let unknown = found.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw JSONRPCError(.invalidParams, "'\(tool.rawValue)' takes no argument '\(unknown)'")
        }
        return found
    }
}
