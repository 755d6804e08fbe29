import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apicli harvest NAME [OPERATION] [ARGS…] [--since-last FIELD] [-- OPTIONS…]`: every page of a
/// provider's paged command, one slice per page (its number is the slice's key), run as
/// `apicli NAME … --page N --pages 1`; see docs/design/0274-page-harvests.md.
///
/// The job knows no page count up front: a page that held items adds the next one, and the first
/// empty page, or one past the last the provider serves, ends it. With `--since-last FIELD` the
/// job keeps the newest value of FIELD its items held (the bookmark), and a later harvest of the
/// same command stops after the first page that reaches the earlier job's bookmark: answers are
/// taken to list the newest first.
enum HarvestPages {
    static let sinceOption = "since-last"

    /// The job's command without the harvest's own `--since-last FIELD`, and that field.
    struct Request {
        var words: [String]
        var field: String?

        init(_ request: [String]) {
            var words = request
            if let index = words.firstIndex(of: "--" + HarvestPages.sinceOption), index + 1 < words.count {
                field = words[index + 1]
                words.removeSubrange(index...(index + 1))
            }
            self.words = words
        }
    }

    /// Checks that the command pages by number and makes its job, at the provider's first page.
    static func start(_ parsed: CommandLineParser.Result, host: Host, store: Store, now: Date) throws -> HarvestJob {
        let words = parsed.positionals
        guard let name = words.first, let provider = try host.registry.provider(named: name) else {
            throw UsageError("no provider named '\(words.first ?? "")' (see 'apicli providers'); " + HarvestHandler.usage)
        }
        let descriptor = provider.descriptor
        var options = descriptor.options
        var label = name
        if !descriptor.operations.isEmpty {
            guard words.count > 1, let operation = descriptor.operation(named: words[1]) else {
                throw UsageError("harvest \(name) needs one of its operations: apicli harvest \(name) OPERATION [ARGS…]")
            }
            options = operation.options
            label += " " + operation.name
        }
        guard options.contains(where: { $0.name == "pages" }) else {
            throw UsageError("\(label) does not page; apicli harvest fetches every page of a command that has --pages")
        }
        guard let first = options.first(where: { $0.name == "page" })?.defaultValue.flatMap({ Int($0) }) else {
            throw UsageError(
                "\(label) finds each page from the answer before it (a cursor or a link), so a harvest cannot resume it page by page; "
                    + "use 'apicli \(label) --pages N'")
        }
        var request = words
        var since: String?
        if let field = parsed.values[sinceOption] {
            guard !field.isEmpty else { throw UsageError("--since-last needs the items' field to keep as the bookmark (an id or a time)") }
            request += ["--" + sinceOption, field]
            since = try bookmark(before: name, request: request, in: store)
        }
        return try HarvestJob.create(provider: name, request: request, slices: [String(first)], since: since, now: now, in: store)
    }

    /// The bookmark of the newest finished harvest of the same command: where this one stops.
    static func bookmark(before provider: String, request: [String], in store: Store) throws -> String? {
        let text = JSONValue.array(request.map(JSONValue.string)).serialized(pretty: false)
        return try store.read { tx in
            try tx.queryOne(
                """
                SELECT COALESCE(bookmark, since) FROM apicli_harvest_jobs
                WHERE provider = ? AND request = ? AND state IN ('done', 'finished with failures') ORDER BY id DESC LIMIT 1
                """,
                [.text(provider), .text(text)])?[0].string
        }
    }

    /// The newest of `values` and `bookmark` (JSON texts), as JSON text; nil when there is none.
    static func newest(_ values: [JSONValue], than bookmark: String?) -> String? {
        var best = bookmark.flatMap { try? JSONValue.parse(Data($0.utf8)) }
        for value in values where value.isScalar && value != .null {
            if let current = best, !isNewer(value, than: current) { continue }
            best = value
        }
        return best?.serialized(pretty: false)
    }

    /// Whether `value` is after `other`: numbers by value, anything else by its text (ISO 8601 times
    /// and ids of one width sort that way).
    static func isNewer(_ value: JSONValue, than other: JSONValue) -> Bool {
        if let a = number(value), let b = number(other) { return a > b }
        return value.cellText > other.cellText
    }

    /// Whether a page whose items' field held `values` reached `since` (an item at or before it).
    static func reaches(_ values: [JSONValue], since: String?) -> Bool {
        guard let since, let mark = try? JSONValue.parse(Data(since.utf8)) else { return false }
        return values.contains { $0.isScalar && $0 != .null && !isNewer($0, than: mark) }
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case let .int(number): Double(number)
        case let .double(number): number
        default: nil
        }
    }
}
