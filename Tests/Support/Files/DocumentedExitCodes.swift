import Foundation

/// The README's "Exit codes" table, which tests check the code, `--help`, the man
/// page and the cases it names against.
public enum DocumentedExitCodes {
    /// The README's "Exit codes" table: code → meaning.
    public static func table() throws -> [Int32: String] {
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let section = readme.components(separatedBy: "\n## Exit codes\n").dropFirst().first else {
            throw Missing(what: "an \"## Exit codes\" section in README.md")
        }
        var table: [Int32: String] = [:]
        for line in section.split(separator: "\n").prefix(while: { !$0.hasPrefix("## ") }) where line.hasPrefix("| ") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, let code = Int32(cells[1]) else { continue }
            table[code] = cells[2...].dropLast().joined(separator: "|")
        }
        return table
    }

    /// The code of the README row that mentions `phrase` (exactly one row must).
    public static func code(_ phrase: String, in table: [Int32: String]) throws -> Int32 {
        let rows = table.filter { $0.value.contains(phrase) }
        guard rows.count == 1, let code = rows.keys.first else {
            throw Missing(what: "one row mentioning '\(phrase)' (rows: \(rows.keys.sorted()))")
        }
        return code
    }

    /// What the README lacks.
    public struct Missing: Error, CustomStringConvertible {
        public var what: String
        public var description: String { "README.md lacks \(what)" }
    }
}
