/// How results are printed: `--format table|json|ndjson|csv` (`--json` for json).
public enum OutputFormat: String, Sendable, CaseIterable {
    case table, json, ndjson, csv
}
