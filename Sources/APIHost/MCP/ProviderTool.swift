import APICore

/// One provider command offered as a tool: a provider without operations (`nyt`,
/// `weather`), or one operation of a provider that has them (`petstore_get-pet-by-id`).
///
/// Its input schema and the way its arguments become a command line are both read
/// from ``descriptor``, the provider narrowed to the operation: the description that
/// help, completions and the parser read, so a tool takes exactly what the command takes.
struct ProviderTool: Sendable {
    /// The tool's name: the provider's, then `_` and the operation's.
    var name: String
    var provider: String
    var operation: String?
    /// The provider as the parser sees the operation (``ProviderDescriptor/narrowed(to:)``).
    var descriptor: ProviderDescriptor
    var summary: String
    /// Whether it changes something at the API: offered only with `--allow-writes`, and then said so.
    var isWrite: Bool

    /// The most characters of a tool name many agent hosts accept.
    static let maxNameLength = 64

    /// `provider` or `provider_operation`, in the characters every agent host accepts
    /// (letters, digits, `_`, `-`), cut to ``maxNameLength`` with a short hash kept so
    /// that two long names stay apart.
    static func toolName(provider: String, operation: String?) -> String {
        let whole = provider + (operation.map { "_" + $0 } ?? "")
        let safe = String(whole.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
        guard safe.count > maxNameLength else { return safe }
        let hash = String(fnv1a(whole) % 0xFFFFFF, radix: 16)
        return String(safe.prefix(maxNameLength - hash.count - 1)) + "_" + hash
    }

    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// The `tools/list` entry.
    var listing: JSONValue {
        var text = summary.isEmpty ? "\(descriptor.displayName): \(name)" : summary
        if isWrite { text = "WRITE: changes data at \(descriptor.displayName), never answered from the store. " + text }
        else {
            text += " Answers from apicli's local store when a fresh answer is there (the result says stored or fetched, and when); "
                + "refresh: true asks the API anyway, offline: true never does."
        }
        return .object([
            .init("name", .string(name)),
            .init("title", .string(descriptor.displayName + (operation.map { " " + $0 } ?? ""))),
            .init("description", .string(text)),
            .init("inputSchema", ToolInputSchema.schema(for: descriptor, isWrite: isWrite)),
            .init("annotations", .object([
                .init("readOnlyHint", .bool(!isWrite)),
                .init("destructiveHint", .bool(isWrite)),
                .init("idempotentHint", .bool(!isWrite)),
                .init("openWorldHint", .bool(true)),
            ])),
        ])
    }
}
