import APIHost
import Foundation

/// What every format's text must be, held against a ``RenderExpectation``: the table's
/// header line names the declared columns and the expected rows follow; the CSV parses
/// as RFC 4180 with the declared header and records; the JSON is an array of the
/// expected elements' kinds, keys and count; NDJSON is one such element per line.
enum RenderChecks {
    /// Renders each format with `render` and checks it; `label` names the source in failures.
    static func failures(_ label: String, expecting expected: RenderExpectation, render: (OutputFormat) -> String) -> [String] {
        [OutputFormat.table, .json, .ndjson, .csv].flatMap { format in
            check(render(format), as: format, expecting: expected).map { "\(label): --format \(format.rawValue): \($0)" }
        }
    }

    /// What is wrong with `text` as `format` output of the expected results; empty when nothing is.
    static func check(_ text: String, as format: OutputFormat, expecting expected: RenderExpectation) -> [String] {
        switch format {
        case .json: jsonFailures(text, expected.elements)
        case .ndjson: ndjsonFailures(text, expected.elements)
        case .csv: csvFailures(text, header: expected.csvHeader, records: expected.csvRecords)
        case .table: tableFailures(text, expected.tables)
        case .line:
            text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" } ? ["a control character in a line"] : []
        }
    }

    /// One JSON array: as many elements as expected, each of the expected kind and, for objects, keys.
    static func jsonFailures(_ text: String, _ elements: [JSONValue]) -> [String] {
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else {
            return ["not valid JSON"]
        }
        guard let array = parsed as? [Any] else { return ["not a JSON array but a \(JSONKind(parsed: parsed).rawValue)"] }
        guard array.count == elements.count else { return ["\(array.count) elements, not \(elements.count)"] }
        return zip(array, elements).enumerated().flatMap { index, pair in
            elementFailures(pair.0, pair.1, "element \(index + 1)")
        }
    }

    /// One line per element, each a JSON value of the element's kind and keys, and nothing else.
    static func ndjsonFailures(_ text: String, _ elements: [JSONValue]) -> [String] {
        if elements.isEmpty { return text.isEmpty ? [] : ["printed \(text.utf8.count) bytes for no element"] }
        guard !text.isEmpty else { return ["no line, not \(elements.count)"] }
        guard text.hasSuffix("\n") else { return ["the last line does not end in a line feed"] }
        let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == elements.count else { return ["\(lines.count) lines, not \(elements.count)"] }
        return zip(lines, elements).enumerated().flatMap { index, pair -> [String] in
            guard let value = try? JSONSerialization.jsonObject(with: Data(pair.0.utf8), options: [.fragmentsAllowed]) else {
                return ["line \(index + 1) is not valid JSON"]
            }
            return elementFailures(value, pair.1, "line \(index + 1)")
        }
    }

    /// What differs between a parsed element and the expected one: its kind, and an object's keys.
    static func elementFailures(_ parsed: Any, _ expected: JSONValue, _ place: String) -> [String] {
        let kind = JSONKind(parsed: parsed)
        guard kind == JSONKind(expected) else { return ["\(place) is a \(kind.rawValue), not a \(JSONKind(expected).rawValue)"] }
        guard case let .object(members) = expected, let object = parsed as? [String: Any] else { return [] }
        let keys = Set(members.map(\.key))
        guard Set(object.keys) == keys else {
            return ["\(place) has the keys \(object.keys.sorted()), not \(keys.sorted())"]
        }
        return []
    }

    /// RFC 4180 records: the declared header, then one record per row with the row's cells.
    static func csvFailures(_ text: String, header: [String], records: [[String]]) -> [String] {
        let parsed: [[String]]
        do {
            parsed = try CSVRecords.parse(text)
        } catch {
            return ["not RFC 4180 CSV: \(error)"]
        }
        guard let first = parsed.first else { return ["no header record"] }
        var failures: [String] = []
        if first != header { failures.append("the header is \(first), not the declared \(header)") }
        let rows = parsed.dropFirst()
        if rows.count != records.count { failures.append("\(rows.count) records, not \(records.count)") }
        for (index, (row, expected)) in zip(rows, records).enumerated() where row != expected {
            failures.append("record \(index + 2) is \(row), not \(expected)")
            break
        }
        return failures
    }

    /// Each view's table in order: a header line naming its columns (those the layout may
    /// leave out aside), then exactly its rows and section headings, then a blank line or the end.
    static func tableFailures(_ text: String, _ tables: [RenderExpectation.ViewTable]) -> [String] {
        if tables.isEmpty { return [] }
        guard text.hasSuffix("\n") else { return ["the last line does not end in a line feed"] }
        let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var cursor = 0
        for (number, table) in tables.enumerated() {
            let name = tables.count == 1 ? "the table" : "table \(number + 1)"
            guard let header = (cursor..<lines.count).first(where: { names(lines[$0], table) }) else {
                return ["\(name): no header line names the columns \(table.titles)"]
            }
            let end = header + 1 + table.lines
            guard end <= lines.count else {
                return ["\(name): \(lines.count - header - 1) lines under the header, not \(table.lines)"]
            }
            if end < lines.count, !lines[end].isEmpty {
                return ["\(name): more than \(table.lines) lines under the header: \(lines[end])"]
            }
            cursor = end
        }
        return []
    }

    /// Whether `line` is a header line of `table`: its titles in order, two spaces or more apart,
    /// every one of the table's columns there but those it may leave out.
    static func names(_ line: String, _ table: RenderExpectation.ViewTable) -> Bool {
        let words = line.split(separator: "  ", omittingEmptySubsequences: true)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var expected = table.titles.filter { !$0.isEmpty }[...]
        for word in words {
            while let next = expected.first, next != word, table.droppable.contains(next) { expected = expected.dropFirst() }
            guard expected.first == word else { return false }
            expected = expected.dropFirst()
        }
        return expected.allSatisfy { table.droppable.contains($0) }
    }
}

extension Conformance {
    /// What is wrong with `printed` (each format's text) as the output of `results`: the
    /// checks the suite runs on every fixture, for a test that shows they can fail.
    public static func renderFailures<P: Provider>(
        of provider: P, _ results: [P.Response], printed: (OutputFormat) -> String
    ) -> [String] {
        RenderChecks.failures("printed", expecting: RenderExpectation(provider, results, terminal: .plain), render: printed)
    }
}
