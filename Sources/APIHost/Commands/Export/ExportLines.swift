#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// The text forms of an export, one item (or version) a line: NDJSON objects and CSV
/// records with the same six fields in the same order — `provider`, `id`, `fetched_at`,
/// `hash`, `query`, `content` — so a CSV header names what an NDJSON key names
/// (docs/design/0253-one-csv-convention.md).
///
/// `fetched_at` is UTC ISO 8601 to the second, rounded down, so that `--since` with the
/// newest time of one export finds that item again rather than missing it; `hash` is the
/// version's 64-bit content hash as 16 hex digits (as a number it would lose digits in
/// JavaScript and jq); `query` is null when no query is known; `content` is the item's
/// JSON as stored — an object inside the NDJSON line, its text in one CSV cell.
enum ExportLines {
    static let fields = ["provider", "id", "fetched_at", "hash", "query", "content"]

    /// One NDJSON line.
    static func writeJSON(_ row: ExportSource.Row, to out: inout OutputWriter) {
        out.write("{\"provider\":" as StaticString)
        string(row.provider, to: &out)
        out.write(",\"id\":" as StaticString)
        string(row.id, to: &out)
        out.write(",\"fetched_at\":\"" as StaticString)
        out.write(time(row.fetchedAt))
        out.write("\",\"hash\":\"" as StaticString)
        out.write(hash(row.hash))
        out.write("\",\"query\":" as StaticString)
        if let query = row.query { string(query, to: &out) } else { out.write("null" as StaticString) }
        out.write(",\"content\":" as StaticString)
        out.write(row.content)
        out.write("}\n" as StaticString)
    }

    /// The CSV header record.
    static func writeCSVHeader(to out: inout OutputWriter) {
        out.write(fields.joined(separator: ","))
        out.write("\r\n" as StaticString)
    }

    /// One CSV record, quoted where RFC 4180 requires it; a null query is an empty cell.
    ///
    /// Cells are written as stored, not cleaned of terminal controls as printed tables
    /// are: an export is data for another program, and its content must read back equal.
    static func writeCSV(_ row: ExportSource.Row, to out: inout OutputWriter) {
        let cells = [row.provider, row.id, time(row.fetchedAt), hash(row.hash), row.query ?? "", row.content]
        for (index, cell) in cells.enumerated() {
            if index > 0 { out.write(ascii: UInt8(ascii: ",")) }
            CSVWriter.writeField(cell, to: &out)
        }
        out.write("\r\n" as StaticString)
    }

    /// A JSON string, escaped as every JSON string apicli writes.
    private static func string(_ text: String, to out: inout OutputWriter) {
        out.append { JSONValue.string(text).write(to: &$0, pretty: false, indentLevel: 0) }
    }

    static func time(_ seconds: Double) -> String {
        Timestamp.format(Date(timeIntervalSince1970: seconds))
    }

    /// The hash's 64 bits as 16 lowercase hex digits.
    static func hash(_ value: Int64) -> String {
        let digits = String(UInt64(bitPattern: value), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
