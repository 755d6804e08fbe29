import APICore

/// One budget for one import: every kind of work a document can make the importer
/// do, counted before it is done, so that any document, however it is built, ends
/// within seconds and a bounded memory, with one line naming what ran over.
///
/// A document is small text that can describe a great deal of work: a `$ref` shared
/// by every branch of an `allOf` tree is expanded once per branch, a schema of
/// thousands of properties is read again for each operation that answers with it,
/// server variables whose defaults name each other double at each level. Bounding
/// each of those where it happens would leave the next one open; counting every unit
/// of work against one budget closes the class. The meters:
///
/// - **references expanded**: each `$ref` followed;
/// - **nodes visited**: each member of each object the importer looks into (a lookup
///   in an object is a scan of its members, so a wide object costs its width);
/// - **bytes cleaned**: text cleaned of terminal controls or built from the document
///   (summaries, descriptions, a server URL with its variables filled);
/// - **variables substituted**: each `{name}` of a server URL filled;
/// - **operations named**: each operation made into a command.
///
/// The limits are far above what the largest real documents need (measured in
/// docs/design/0190-one-budget-for-an-import.md). Spending is sticky: once a meter
/// is over, every later spend fails too, so that code which cannot throw (it gets an
/// empty schema instead of more work) and code which swallows errors both stop
/// quickly, and ``check()`` reports the first meter that ran over.
final class ImportBudget {
    enum Meter: Int, Sendable, CaseIterable {
        case references, nodes, bytes, variables, operations

        /// How the meter is named in the one line that says it ran over.
        var spoken: String {
            switch self {
            case .references: "references expanded"
            case .nodes: "document nodes visited"
            case .bytes: "bytes of text cleaned"
            case .variables: "server variables substituted"
            case .operations: "operations named"
            }
        }
    }

    struct Limits: Sendable {
        var references = 100_000
        var nodes = 4_000_000
        var bytes = 16 << 20
        var variables = 10_000
        var operations = 2_000

        func limit(of meter: Meter) -> Int {
            switch meter {
            case .references: references
            case .nodes: nodes
            case .bytes: bytes
            case .variables: variables
            case .operations: operations
            }
        }
    }

    let limits: Limits
    /// How the document is named in the line.
    let documentPath: String
    /// What each meter has counted, by its raw value (an array: this is counted for every node).
    private var used = [Int](repeating: 0, count: Meter.allCases.count)
    /// The first meter that ran over, as the error to report.
    private(set) var overrun: OpenAPIImportError?

    init(documentPath: String, limits: Limits = Limits()) {
        self.documentPath = documentPath
        self.limits = limits
    }

    /// What a meter has counted so far.
    func used(_ meter: Meter) -> Int { used[meter.rawValue] }

    /// Counts `amount` of work about to be done; throws, and does not count, when it
    /// would take the meter past its limit (or when one already ran over).
    func spend(_ amount: Int = 1, on meter: Meter) throws(OpenAPIImportError) {
        if !allows(amount, on: meter), let overrun { throw overrun }
    }

    /// ``spend(_:on:)`` for code that cannot throw: false when the work must not be done.
    func allows(_ amount: Int = 1, on meter: Meter) -> Bool {
        guard overrun == nil else { return false }
        let total = used(meter).addingReportingOverflow(max(0, amount))
        guard !total.overflow, total.partialValue <= limits.limit(of: meter) else {
            overrun = OpenAPIImportError(
                .unusable,
                "\(documentPath): the import stopped at its limit of \(Self.grouped(limits.limit(of: meter))) \(meter.spoken): "
                    + "the document asks for more work than any API's description needs; nothing was written")
            return false
        }
        used[meter.rawValue] = total.partialValue
        return true
    }

    /// Throws the first overrun, if a meter ran over where the error could not be thrown.
    func check() throws(OpenAPIImportError) {
        if let overrun { throw overrun }
    }

    /// `text` cleaned of terminal controls, at most its first `maxBytes` bytes of it: the
    /// cut comes before the cleaning, so a summary of megabytes costs what its start costs.
    func cleaned(_ text: String, maxBytes: Int = 8_192) throws(OpenAPIImportError) -> String {
        let start = text.utf8.count > maxBytes ? String(text.prefix(characters: maxBytes, bytes: maxBytes)) : text
        try spend(start.utf8.count, on: .bytes)
        return TerminalSanitizer.clean(start)
    }

    /// Choosing columns ranks each candidate field once for each role a column can play
    /// (``ColumnChoice``), so it is counted as that many nodes visited per field.
    func spendChoosingColumns(among count: Int) throws(OpenAPIImportError) {
        try spend(count.multipliedReportingOverflow(by: 6).partialValue, on: .nodes)
    }

    /// `2000000` as `2,000,000`.
    static func grouped(_ number: Int) -> String {
        var text = String(number)
        var index = text.count - 3
        while index > 0 {
            text.insert(",", at: text.index(text.startIndex, offsetBy: index))
            index -= 3
        }
        return text
    }
}
