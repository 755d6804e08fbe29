#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// What `apicli store export` was asked for, read from its command line and checked
/// before the store is opened: a bad format, time or provider name is a usage error (64).
struct ExportRequest: Sendable, Equatable {
    /// The three forms an export takes; `ndjson` unless `--format` says otherwise.
    enum Format: String, Sendable, CaseIterable {
        case ndjson, csv, sqlite
    }

    var format: Format = .ndjson
    /// One provider's items; nil for every provider's.
    var provider: String?
    /// Only items whose latest version was fetched at or after this time (or, with
    /// ``everyVersion``, only versions fetched then or later).
    var since: Date?
    /// The file written; nil for stdout (`-` says stdout too).
    var output: String?
    /// `--versions`: every stored version rather than each item's latest.
    var everyVersion = false

    static let usage = "usage: apicli store export [PROVIDER] [--format ndjson|csv|sqlite] [--since TIME] [--versions] [--output FILE]"

    /// Reads the words after `export` and the options' values.
    init(arguments: [String], values: [String: String]) throws {
        guard arguments.count <= 1 else { throw UsageError(Self.usage) }
        provider = arguments.first
        if let text = values["format"] {
            guard let format = Format(rawValue: text) else {
                throw UsageError("store export writes ndjson, csv or sqlite, not '\(text)'")
            }
            self.format = format
        }
        if values["json"] == "true" { throw UsageError("store export writes ndjson, csv or sqlite; --json is for printed results") }
        if let text = values["since"] {
            guard let time = Timestamp.parse(text) else {
                throw UsageError("--since takes a time like 2026-12-01T06:00 or 2026-12-01, not '\(text)'")
            }
            since = time
        }
        if let path = values["output"] {
            guard !path.allSatisfy(\.isWhitespace) else { throw UsageError("--output needs a file path, or '-' for stdout") }
            output = path == "-" ? nil : path
        }
        everyVersion = values["versions"] == "true"
        if format == .sqlite && output == nil {
            throw UsageError("--format sqlite writes a database file: give --output FILE")
        }
    }

    init() {}
}
