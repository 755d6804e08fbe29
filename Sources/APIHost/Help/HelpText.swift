/// The layout shared by the plain-text help pages: word wrapping, two-column
/// lists and the labels of options and arguments. Help is laid out for 80
/// columns whatever the terminal, so that it reads the same everywhere and
/// snapshots are stable.
enum HelpText {
    static let width = 80
    /// The left column of a two-column list never grows past this.
    static let maximumLabelWidth = 26

    /// `text` broken into lines of at most `width` columns, each prefixed by
    /// `indent` spaces; blank lines separate paragraphs and are kept.
    static func wrap(_ text: String, indent: Int, width: Int = HelpText.width, firstIndent: Int? = nil) -> [String] {
        var lines: [String] = []
        for (number, paragraph) in text.pieces(between: "\n").enumerated() {
            let words = paragraph.split(separator: " ")
            if words.isEmpty { lines.append(""); continue }
            let first = number == 0 ? (firstIndent ?? indent) : indent
            var line = String(repeating: " ", count: first)
            var lineWidth = first
            var lineHasWord = false
            for word in words {
                // The line's width kept as it grows: measuring the whole line again per word is quadratic.
                let wordWidth = DisplayWidth.of(String(word))
                if lineHasWord && lineWidth + 1 + wordWidth > width {
                    lines.append(line)
                    line = String(repeating: " ", count: indent)
                    lineWidth = indent
                    lineHasWord = false
                }
                line += (lineHasWord ? " " : "") + word
                lineWidth += (lineHasWord ? 1 : 0) + wordWidth
                lineHasWord = true
            }
            lines.append(line)
        }
        return lines
    }

    /// Rows of `label  description`, the descriptions aligned and wrapped; a
    /// label too long for the column gets its description on the next line.
    static func list(_ rows: [(label: String, text: String)], indent: Int = 2, labelWidth width: Int? = nil) -> String {
        let labelWidth = width ?? min(maximumLabelWidth, rows.map { DisplayWidth.of($0.label) }.max() ?? 0)
        let textIndent = indent + labelWidth + 2
        var out = ""
        for row in rows {
            let label = String(repeating: " ", count: indent) + row.label
            if row.text.isEmpty {
                out += label + "\n"
            } else if DisplayWidth.of(row.label) > labelWidth {
                out += label + "\n" + wrap(row.text, indent: textIndent).joined(separator: "\n") + "\n"
            } else {
                var lines = wrap(row.text, indent: textIndent)
                lines[0] = DisplayWidth.pad(label, toWidth: textIndent) + lines[0].dropFirst(textIndent)
                out += lines.joined(separator: "\n") + "\n"
            }
        }
        return out
    }

    /// `-f, --format FORMAT` or `    --json`.
    static func label(of option: OptionSpec) -> String {
        let short = option.short.map { "-\($0), " } ?? "    "
        return short + "--" + option.name + (option.valueName.map { " " + $0 } ?? "")
    }

    /// The help of an option with its accepted values and default appended.
    static func description(of option: OptionSpec) -> String {
        var notes: [String] = []
        if !option.choices.isEmpty { notes.append("values: " + option.choices.joined(separator: ", ")) }
        if !option.suggestions.isEmpty {
            let shown = option.suggestions.prefix(8).joined(separator: ", ")
            notes.append("e.g. " + shown + (option.suggestions.count > 8 ? ", ..." : ""))
        }
        if let value = option.defaultValue { notes.append("default: " + value) }
        return notes.isEmpty ? option.help : option.help + " (" + notes.joined(separator: "; ") + ")"
    }

    /// An argument's help with the values it takes, when they are a closed set.
    static func description(of argument: ArgumentSpec) -> String {
        argument.choices.isEmpty ? argument.help : argument.help + " (values: " + argument.choices.joined(separator: ", ") + ")"
    }

    /// `<city>`, `[<city>]`, `<query>...`.
    static func label(of argument: ArgumentSpec) -> String {
        let core = "<\(argument.name)>" + (argument.variadic ? "..." : "")
        return argument.required ? core : "[\(core)]"
    }

    /// `apicli nyt <query>... [--from DATE] [--sort SORT] [options]`, wrapped under its first word.
    static func usage(of provider: ProviderDescriptor, programName: String) -> [String] {
        let operation = provider.operations.isEmpty ? [] : ["<operation>"]
        return usage(head: "\(programName) \(provider.name)", parts: operation + parts(provider.arguments, provider.options))
    }

    /// The arguments' labels, then each option, bracketed unless required.
    static func parts(_ arguments: [ArgumentSpec], _ options: [OptionSpec]) -> [String] {
        arguments.map(label(of:)) + options.map { option in
            let core = "--\(option.name)" + (option.valueName.map { " " + $0 } ?? "")
            return option.required ? core : "[" + core + "]"
        }
    }

    /// `head` and `parts`, then `[global options]`, wrapped under the head's first word.
    static func usage(head: String, parts: [String]) -> [String] {
        let parts = parts + ["[global options]"]
        var lines: [String] = []
        var line = "  " + head
        let continuation = String(repeating: " ", count: 3 + head.count)
        for part in parts {
            if DisplayWidth.of(line) + 1 + DisplayWidth.of(part) > width {
                lines.append(line)
                line = continuation + part
            } else {
                line += " " + part
            }
        }
        lines.append(line)
        return lines
    }
}
