import APIHost
import Foundation

/// What every output format must print for some results, worked out from the data the
/// provider hands the host, so that a check can fail: the columns and rows of each
/// terminal table, the CSV header and records, and the JSON elements.
struct RenderExpectation {
    /// One terminal view's table: the titles its header line names and how many lines follow it.
    struct ViewTable {
        /// Every column the header shows on `terminal`: wide-only ones only with `--wide`.
        var titles: [String]
        /// The titles of columns the layout may leave out to fit (those with a drop rank).
        var droppable: Set<String>
        /// Rows plus section headings: the lines under the header.
        var lines: Int
    }

    /// The views that draw a table (a view without rows draws its note or nothing).
    var tables: [ViewTable]
    /// The CSV header and records, as the provider's table has them, cleaned as CSV cleans.
    var csvHeader: [String]
    var csvRecords: [[String]]
    /// What `--format json` and each NDJSON line hold.
    var elements: [JSONValue]

    init<P: Provider>(_ provider: P, _ results: [P.Response], terminal: Terminal) {
        let views = provider.capabilities.terminalView?(results, terminal) ?? [TerminalView(table: provider.table(results))]
        tables = views.compactMap { view in
            let table = view.table
            guard !table.rows.isEmpty, !table.columns.isEmpty else { return nil }
            let shown = table.columns.filter { terminal.wide || $0.role != .wideOnly }
            return ViewTable(
                titles: shown.map { TerminalSanitizer.clean($0.title) },
                droppable: Set(shown.filter { $0.dropRank != nil }.map { TerminalSanitizer.clean($0.title) }),
                lines: table.rows.count + table.sections.filter { $0.heading != nil && !$0.rows.isEmpty }.count)
        }
        let table = provider.table(results)
        let width = table.columns.count
        csvHeader = table.columns.map { TerminalSanitizer.clean($0.title, keepingNewlines: true) }
        csvRecords = table.rows.map { row in
            (0..<width).map { $0 < row.count ? TerminalSanitizer.clean(row[$0], keepingNewlines: true) : "" }
        }
        elements = JSONValue.array(of: provider.json(results)).elements
    }
}

/// The kind of a JSON value, as Foundation's parser and ``JSONValue`` both say it.
enum JSONKind: String {
    case object, array, string, number, null

    init(_ value: JSONValue) {
        switch value {
        case .object: self = .object
        case .array: self = .array
        case .string: self = .string
        case .int, .double, .bool: self = .number
        case .null: self = .null
        }
    }

    /// What `JSONSerialization` gave; booleans come back as numbers there.
    init(parsed: Any) {
        switch parsed {
        case is [String: Any]: self = .object
        case is [Any]: self = .array
        case is String: self = .string
        case is NSNull: self = .null
        default: self = .number
        }
    }
}
