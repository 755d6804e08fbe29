#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// Runs one of the store's tools (``StoreTool``).
struct StoreToolCall: Sendable {
    let tool: StoreTool
    let host: Host
    let databasePath: String?

    func run(_ arguments: JSONValue?) async throws(JSONRPCError) -> JSONValue {
        let given = try StoreTool.arguments(arguments, of: tool)
        switch tool {
        case .query:
            guard case let .string(sql)? = given["sql"], !sql.allSatisfy(\.isWhitespace) else {
                throw JSONRPCError(.invalidParams, "'query_store' needs 'sql', one SQL statement as a string")
            }
            return await query(sql)
        case .search:
            guard case let .string(words)? = given["query"] else {
                throw JSONRPCError(.invalidParams, "'search_store' needs 'query', the words to find")
            }
            var limit = 20
            if let value = given["limit"] {
                guard case let .int(number) = value, (1...Int64(StoreTool.maxRows)).contains(number) else {
                    throw JSONRPCError(.invalidParams, "'limit' must be a whole number from 1 to \(StoreTool.maxRows)")
                }
                limit = Int(number)
            }
            return result { try StoreSearch(host: host, path: path).search(words, limit: limit) }
        case .describe:
            return result { try StoreDescription(host: host, path: path).describe() }
        }
    }

    private var path: String {
        AppPaths(variables: host.environment.variables, databaseFlag: databasePath).database
    }

    /// `apicli store sql SQL --format json`, in-process: the same guard, the same wording.
    private func query(_ sql: String) async -> JSONValue {
        let line = ["store", "sql", "--format", "json"] + (databasePath.map { ["--db", $0] } ?? []) + ["--", sql]
        let run = await InProcessRun.run(line, host: host, waitBound: .zero)
        guard run.code == .success else {
            return ToolResult.failure(run.errors.joined(separator: "\n"))
        }
        let rows = (try? JSONValue.parse(Data(run.stdout.utf8))).map { $0.elements } ?? []
        let kept = Array(rows.prefix(StoreTool.maxRows))
        var summary = "query_store: \(rows.count) row\(rows.count == 1 ? "" : "s")"
        if rows.count > kept.count { summary += "; the first \(kept.count) are here: add LIMIT or a WHERE clause to see others" }
        if !run.notes.isEmpty { summary += "\n" + run.notes.joined(separator: "\n") }
        let structured = JSONValue.object([
            .init("rows", .array(kept)), .init("count", .int(Int64(rows.count))),
        ])
        return ToolResult.success(summary: summary, printed: JSONValue.array(kept).serialized(pretty: false), structured: structured)
    }

    private func result(_ body: () throws -> (summary: String, structured: JSONValue)) -> JSONValue {
        do {
            let (summary, structured) = try body()
            return ToolResult.success(summary: summary, printed: structured.serialized(pretty: false), structured: structured)
        } catch {
            return ToolResult.failure(ErrorMapping.cliError(error).message)
        }
    }
}
