/// A provider's command line after parsing, with settings already resolved in
/// the order flag > environment > config file > declared default.
public struct ParsedCommand: Sendable {
    /// Positional words, in order.
    public var arguments: [String]
    /// Resolved option values by long name (flags present map to "true").
    public var values: [String: String]
    /// Which options came from the command line itself, not a default.
    public var explicit: Set<String>
    /// The operation chosen (`lists-overview`), for a provider that has operations; nil otherwise.
    public var operation: String?
    /// Whether the results are drawn as the provider's terminal view on a terminal (the table
    /// format, no `--fields` or `--template`, stdout a terminal): what only that view shows need
    /// not be fetched otherwise, and a table piped to a script keeps its shape.
    public var drawsView = false

    public init(arguments: [String], values: [String: String] = [:], explicit: Set<String> = [], operation: String? = nil) {
        self.arguments = arguments
        self.values = values
        self.explicit = explicit
        self.operation = operation
    }

    public func value(_ option: String) -> String? { values[option] }

    public func flag(_ option: String) -> Bool { values[option] == "true" }

    /// The option as a whole number in `range`; nil when unset, a ``UsageError`` when not a number in range.
    public func int(_ option: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = values[option] else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("--\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }
}
