/// The options for scripts and status bars: `--fields`, `--template`, `--new`
/// and `--fail-empty`, read once from the command line.
struct ScriptOptions: Sendable, Equatable {
    /// `--fields a,b`; nil when not given or when it is `help`.
    var fields: FieldSelection?
    /// `--fields help`: list the fields instead of running.
    var fieldsHelp = false
    /// `--template`; nil for the provider's default line.
    var template: LineTemplate?
    /// `--new`: only items not in the store before this run.
    var onlyNew = false
    /// `--fail-empty`: exit 1 when nothing is printed.
    var failEmpty = false
    /// `--changed`: only items whose content the store did not hold before this run (``ItemShape/comparingContent``).
    var onlyChanged = false

    init() {}

    /// Reads the options; `--template` without `--format` means `--format line`.
    init(_ values: [String: String], format: inout OutputFormat) throws {
        if let text = values["fields"] {
            fields = try FieldSelection.parse(text)
            fieldsHelp = fields == nil
        }
        if let text = values["template"] {
            if values["format"] == nil && values["json"] == nil {
                format = .line
            } else if format != .line {
                throw UsageError("--template is for --format line, not --format \(format.rawValue)")
            }
            template = try LineTemplate(text)
        }
        if format == .line, fields != nil {
            throw UsageError("--fields chooses columns and keys; with --format line, name the fields in --template")
        }
        onlyNew = values["new"] == "true"
        failEmpty = values["fail-empty"] == "true"
        onlyChanged = values["changed"] == "true"
    }

    /// Whether the output is made from items rather than the provider's own table or JSON.
    func needsItems(_ format: OutputFormat) -> Bool {
        fields != nil || onlyNew || onlyChanged || format == .line
    }

    /// Whether the items are read from the provider's scripting elements: chosen fields and
    /// templates may name any field of an item, not only what JSON shows.
    func picksFields(_ format: OutputFormat) -> Bool {
        fields != nil || format == .line
    }
}
