/// How results are printed: `--format table|json|ndjson|csv|line` (`--json` for json).
public enum OutputFormat: String, Sendable, CaseIterable {
    case table, json, ndjson, csv
    /// One line per item from a template (`--template`), for status bars and scripts.
    case line
}
