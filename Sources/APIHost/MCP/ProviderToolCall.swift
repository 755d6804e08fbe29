#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// A provider tool's call: its arguments as the command line, run in-process with
/// `--format json`, and the result an agent reads:
///
/// - `structuredContent`: `{tool, source: "store"|"api", at, answer, notes}` where `answer`
///   is the document `--format json` prints and `at` when it was fetched;
/// - `content`: a one-line summary (`nyt: 10 items from the store, fetched 2026-… (3 min ago)`),
///   then the JSON as printed.
///
/// A failed run is a tool error (`isError`), its message the CLI's one line; a call the
/// rate limit would hold past the bound says `rate limited until <time>`.
struct ProviderToolCall: Sendable {
    let tool: ProviderTool
    let host: Host
    let databasePath: String?
    let waitBound: Duration

    func run(_ arguments: JSONValue?) async throws(JSONRPCError) -> JSONValue {
        var line = try ToolArguments.commandLine(for: tool, arguments: arguments)
        let separator = line.firstIndex(of: "--") ?? line.endIndex
        // A write is offered only under `--allow-writes`: that flag is the consent `--yes` gives on a command line.
        let consent = tool.isWrite && !line[..<separator].contains("--yes") ? ["--yes"] : []
        line.insert(contentsOf: ["--format", "json"] + consent + (databasePath.map { ["--db", $0] } ?? []), at: separator)
        let started = host.environment.time.now()
        let run = await InProcessRun.run(line, host: host, waitBound: waitBound)
        // 74 with an answer: shown but not kept (a read-only store); the notes say why.
        let answered = run.code == .success || run.code == .empty || (run.code == .ioError && !run.stdout.isEmpty)
        guard answered else { return failure(run) }
        let source = Source(run.watched, notes: run.notes, started: started)
        var printed = Substring(run.stdout)
        while printed.last?.isNewline == true { printed.removeLast() }
        let answer = printed.isEmpty ? JSONValue.array([]) : ((try? JSONValue.parse(Data(printed.utf8))) ?? .string(String(printed)))
        var summary = "\(tool.name): " + Self.count(answer) + " " + source.phrase(now: host.environment.time.now())
        if !run.notes.isEmpty { summary += "\n" + run.notes.joined(separator: "\n") }
        let structured = JSONValue.object([
            .init("tool", .string(tool.name)),
            .init("source", .string(source.isStored ? "store" : "api")),
            .init("at", source.at.map { .string(StaleNotice.timestamp($0)) } ?? .null),
            .init("answer", answer),
            .init("notes", .array(run.notes.map(JSONValue.string))),
        ])
        return ToolResult.success(summary: summary, printed: printed.isEmpty ? "[]" : String(printed), structured: structured)
    }

    private func failure(_ run: InProcessRun) -> JSONValue {
        var lines = run.errors
        if let until = run.watched.rateLimitedUntil {
            lines.insert("rate limited until \(StaleNotice.timestamp(until)); nothing was sent, and the call did not wait", at: 0)
        }
        return ToolResult.failure(lines.isEmpty ? "\(tool.name) failed (exit \(run.code.rawValue))" : lines.joined(separator: "\n"))
    }

    static func count(_ answer: JSONValue) -> String {
        guard case let .array(items) = answer else { return "an answer" }
        return items.count == 1 ? "1 item" : "\(items.count) items"
    }

    /// Where the answer came from: the network if any request was sent, else the store.
    struct Source {
        var isStored: Bool
        var at: Date?

        init(_ seen: AnswerWatch.Seen, notes: [String], started: Date) {
            if seen.sent > 0 {
                isStored = false
                at = seen.receivedAt ?? started
            } else {
                isStored = true
                // A cached answer says when it was stored; one read from the provider's tables
                // (offline, or the network failing) says it in its notice.
                at = seen.storedAt.min() ?? notes.lazy.compactMap(Self.storedAt).first
            }
        }

        func phrase(now: Date) -> String {
            let when = at.map { StaleNotice.timestamp($0) + " (" + StaleNotice.age(from: $0, to: now) + ")" }
            return isStored
                ? "from the store" + (when.map { ", fetched " + $0 } ?? "")
                : "fetched from the API" + (when.map { " at " + $0 } ?? "")
        }

        /// The time in `… showing results stored at 2026-11-29T14:44:21Z (41 min ago)`.
        static func storedAt(_ note: String) -> Date? {
            guard let range = note.firstRange(of: "stored at ") else { return nil }
            let text = note[range.upperBound...].prefix(20)
            return Timestamp.parse(String(text))
        }
    }
}

/// The shapes of a `tools/call` result.
enum ToolResult {
    static func success(summary: String, printed: String, structured: JSONValue) -> JSONValue {
        .object([
            .init("content", .array([text(summary), text(printed)])),
            .init("structuredContent", structured),
            .init("isError", .bool(false)),
        ])
    }

    static func failure(_ message: String) -> JSONValue {
        .object([.init("content", .array([text(message)])), .init("isError", .bool(true))])
    }

    static func text(_ text: String) -> JSONValue {
        .object([.init("type", "text"), .init("text", .string(text))])
    }
}
