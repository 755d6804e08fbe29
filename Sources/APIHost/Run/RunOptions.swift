#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The global options of one provider command, parsed and resolved.
public struct RunOptions: Sendable, Equatable {
    public var format: OutputFormat = .table
    public var offline = false
    public var refresh = false
    public var verbose = false
    public var quiet = false
    public var wide = false
    public var color: ColorChoice = .auto
    public var databasePath: String?
    /// How long one request may take in all, retries included (`APICLI_TIMEOUT`, seconds).
    public var timeout: Duration = .seconds(30)
    /// `--as-of TIME`: with `--offline`, the answer as the store held it then.
    public var asOf: Date?
    /// `--keep DURATION`: how long `store prune` keeps versions.
    public var keep: String?

    public enum ColorChoice: String, Sendable, Equatable {
        case auto, always, never
    }

    public init() {}

    /// Reads the global options out of a parse result.
    public init(_ values: [String: String], variables: [String: String]) throws {
        if let text = values["format"] {
            guard let format = OutputFormat(rawValue: text) else { throw UsageError("unknown format '\(text)'") }
            self.format = format
        }
        if values["json"] == "true" {
            if let text = values["format"], text != "json" {
                throw UsageError("--json and --format \(text) contradict each other; use one")
            }
            format = .json
        }
        offline = values["offline"] == "true"
        refresh = values["refresh"] == "true"
        verbose = values["verbose"] == "true"
        quiet = values["quiet"] == "true"
        wide = values["wide"] == "true"
        if let text = values["color"] {
            guard let choice = ColorChoice(rawValue: text) else { throw UsageError("unknown colour choice '\(text)'") }
            color = choice
        }
        if offline && refresh { throw UsageError("--offline and --refresh contradict each other; use one") }
        if let text = values["as-of"] {
            guard let time = Timestamp.parse(text) else {
                throw UsageError("--as-of takes a time like 2026-12-01T06:00 or 2026-12-01, not '\(text)'")
            }
            guard offline else { throw UsageError("--as-of reads what the store held then: use it with --offline") }
            asOf = time
        }
        keep = values["keep"]
        databasePath = values["db"]
        if let path = databasePath, path.allSatisfy(\.isWhitespace) {
            throw UsageError("--db needs a file path, not an empty word")
        }
        if let seconds = try EnvironmentNumbers.timeout(variables) { timeout = seconds }
        // Checked here with the others, so a bad value stops every command the same way.
        _ = try EnvironmentNumbers.maxBodyMegabytes(variables)
    }

    /// Whether a stream may be coloured: `--color`, then `NO_COLOR`, `TERM=dumb` and whether it is a terminal.
    public func useColor(isTerminal: Bool, variables: [String: String]) -> Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = variables["NO_COLOR"], !noColor.isEmpty { return false }
            if variables["TERM"] == "dumb" { return false }
            return isTerminal
        }
    }
}
