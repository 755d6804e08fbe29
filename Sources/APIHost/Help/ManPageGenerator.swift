/// `apicli manpage`: a roff man page (section 1, `man` macros) generated from
/// the ``CommandLineModel``, with the same options, providers, environment and
/// exit codes as `--help`. No date is printed, so the page is reproducible.
///
///     apicli manpage > ~/.local/share/man/man1/apicli.1
public enum ManPageGenerator {
    public static func page(for model: CommandLineModel) -> String {
        let program = model.programName
        var out = ".TH \(escape(program.uppercased())) 1 \"\" \"\(escape(program)) \(escape(model.version))\" \"User Commands\"\n"
        out += ".nh\n.ad l\n" // no hyphenation, ragged right: option names stay whole
        out += ".SH NAME\n\(escape(program)) \\- \(escape(model.summary))\n"
        out += ".SH SYNOPSIS\n"
        out += ".B \(escape(program))\n.I provider\n[\\fIarguments\\fR] [\\fIoptions\\fR]\n.br\n"
        out += ".B \(escape(program))\n.I command\n[\\fIarguments\\fR]\n"
        out += ".SH DESCRIPTION\n"
        out += paragraph("With \(program) you \(model.summary). Each provider is a command for one web API; "
            + "results are printed as a table, JSON, NDJSON or CSV, and stored locally so that "
            + "they can be shown again without the network.")
        out += ".SH COMMANDS\n"
        for command in model.commands {
            let words = model.subcommands[command.name].map { " " + $0.joined(separator: "|") } ?? ""
            out += ".TP\n.B \(escape(command.name + words))\n" + paragraph(command.summary)
            let options = model.options(of: command.name)
            if !options.isEmpty {
                out += ".RS\n" + options.map(item(for:)).joined() + ".RE\n"
            }
        }
        out += ".SH GLOBAL OPTIONS\n"
        out += model.globalOptions.map(item(for:)).joined()
        out += ".SH PROVIDERS\n"
        for provider in model.providers {
            out += providerSection(provider, program: program)
        }
        out += ".SH ENVIRONMENT\n"
        for variable in model.environmentVariables {
            out += ".TP\n.B \(escape(variable.name))\n" + paragraph(variable.meaning)
        }
        for provider in model.providers {
            for option in provider.options where option.configurable {
                out += ".TP\n.B \(escape(provider.environmentVariable(for: option)))\n"
                out += paragraph("Default for \(provider.name) --\(option.name); also the config key \(provider.name).\(option.name).")
            }
        }
        out += ".SH FILES\n"
        out += ".TP\n.I $XDG_CONFIG_HOME/\(escape(program))/config\n"
        out += paragraph("Settings and API keys, created with mode 0600. Precedence: flag, environment, config file, default.")
        out += ".TP\n.I $XDG_DATA_HOME/\(escape(program))/\(escape(program)).sqlite3\n"
        out += paragraph("The local store of every result fetched.")
        out += ".SH EXIT STATUS\n"
        for code in ExitCode.allCases {
            out += ".TP\n.B \(code.rawValue)\n" + paragraph(code.meaning)
        }
        out += ".SH SEE ALSO\n"
        out += paragraph("\(program) --help, \(program) help <provider>, \(program) completions bash|zsh|fish")
        return out
    }

    static func providerSection(_ provider: ProviderDescriptor, program: String) -> String {
        var out = ".SS \(escape(provider.name))\n" + paragraph(provider.summary)
        let synopsis = HelpText.usage(of: provider, programName: program)
            .map { $0.trimmingSpaces() }.joined(separator: " ")
        out += ".PP\n\(escape(synopsis))\n"
        if !provider.discussion.isEmpty {
            for text in provider.discussion.pieces(between: "\n", omittingEmpty: true) {
                out += ".PP\n" + paragraph(String(text))
            }
        }
        for argument in provider.arguments {
            out += ".TP\n.I \(escape(HelpText.label(of: argument)))\n" + paragraph(argument.help)
        }
        out += provider.options.map(item(for:)).joined()
        out += examples(provider.examples)
        for operation in provider.operations {
            out += operationSection(operation, of: provider, program: program)
        }
        return out
    }

    /// One operation: its synopsis, summary, arguments and its own options, indented under the provider.
    static func operationSection(_ operation: OperationSpec, of provider: ProviderDescriptor, program: String) -> String {
        let head = "\(program) \(provider.name) \(operation.name)"
        let synopsis = HelpText.usage(head: head, parts: HelpText.parts(operation.arguments, operation.options))
            .map { $0.trimmingSpaces() }.joined(separator: " ")
        var out = ".TP\n.B \(escape(head))\n" + paragraph(operation.summary) + ".RS\n.PP\n\(escape(synopsis))\n"
        for argument in operation.arguments {
            out += ".TP\n.I \(escape(HelpText.label(of: argument)))\n" + paragraph(argument.help)
        }
        out += operation.options.map(item(for:)).joined() + examples(operation.examples) + ".RE\n"
        return out
    }

    /// The Examples block; empty when there are none.
    static func examples(_ lines: [String]) -> String {
        guard !lines.isEmpty else { return "" }
        return ".PP\nExamples:\n.PP\n.RS 4\n.nf\n" + lines.map { escape($0) + "\n" }.joined() + ".fi\n.RE\n"
    }

    /// `.TP` item for an option: bold names, italic value, then its help.
    static func item(for option: OptionSpec) -> String {
        var head = option.short.map { "\\fB\\-\(escape(String($0)))\\fR, " } ?? ""
        head += "\\fB\\-\\-\(escape(option.name))\\fR"
        if let valueName = option.valueName { head += " \\fI\(escape(valueName))\\fR" }
        return ".TP\n\(head)\n" + paragraph(HelpText.description(of: option))
    }

    /// Text as one roff paragraph line. groff fills it, and warns of any word longer than a
    /// line (a URL in a default, a path): such a word gets places where groff may break it
    /// (`\:`, which shows no hyphen) after its punctuation, and at least every ``breakRun`` characters.
    static func paragraph(_ text: String) -> String {
        var out = ""
        for (index, word) in text.split(whereSeparator: \.isWhitespace).enumerated() {
            if index > 0 { out += " " }
            var run = 0
            for character in word {
                out += escaped(character)
                run += 1
                if word.count > breakRun, run >= breakRun || Self.breakAfter.contains(character) {
                    out += "\\:"
                    run = 0
                }
            }
        }
        if out.first == "." || out.first == "'" { out = "\\&" + out }
        return out + "\n"
    }

    /// How long a run of a long word may go without a place to break.
    static let breakRun = 24
    static let breakAfter: Set<Character> = ["/", ".", "-", "_", "?", "&", "=", "%", ",", ";", ":"]

    /// Backslashes and dashes escaped, and a leading `.` or `'` kept from being read as a request.
    static func escape(_ text: String) -> String {
        var out = text.map(escaped).joined()
        if out.first == "." || out.first == "'" { out = "\\&" + out }
        return out
    }

    private static func escaped(_ character: Character) -> String {
        switch character {
        case "\\": return "\\e"
        case "-": return "\\-"
        case _ where !character.isASCII:
            // groff reads Latin-1 unless told otherwise: name every other character.
            return character.unicodeScalars.map { scalar in
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }.joined()
        default: return String(character)
        }
    }
}
