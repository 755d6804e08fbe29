/// `apicli completions zsh`: a `#compdef` function generated from the
/// ``CommandLineModel``, using `_arguments` so that options show their help
/// and values (choices, suggestions, files) complete after them.
public enum ZshCompletionsGenerator {
    public static func script(for model: CommandLineModel) -> String {
        let program = model.programName
        let function = "_" + program.replacingAll("-", with: "_")
        var out = "#compdef \(program)\n"
        out += "# zsh completion for \(program) \(model.version), generated from its declarations; do not edit.\n"
        out += "# Install: \(program) completions zsh > \"${fpath[1]}/\(function)\" (then restart zsh)\n"
        out += "# or add to ~/.zshrc, after compinit: source <(\(program) completions zsh)\n\n"
        out += "\(function)() {\n"
        out += "    local curcontext=\"$curcontext\" state line program=${words[1]}\n"
        out += "    typeset -A opt_args\n"
        out += "    local -a global_options\n"
        out += "    global_options=(\n"
        out += model.globalOptions.map { "        " + spec(for: $0) + "\n" }.joined()
        out += "    )\n"
        out += "    _arguments -C -s $global_options '1: :\(function)_commands' '*:: :->arguments' && return 0\n\n"
        out += "    case $state in\n"
        out += "        arguments)\n"
        out += "            case $words[1] in\n"
        for provider in model.heldProviders where ShellQuoting.isPlainWord(provider.name) {
            let specs = provider.allOptions.map(spec(for:)) + provider.arguments.enumerated().map { index, argument in
                argumentSpec(for: argument, position: index + 1)
            }
            out += "                \(provider.name))\n"
            out += "                    _arguments -s $global_options"
            out += specs.map { " \\\n                        " + $0 }.joined() + "\n"
            out += "                    ;;\n"
        }
        for command in model.commands where ShellQuoting.isPlainWord(command.name) {
            let first = model.firstWords(after: command.name)
            let options = model.options(of: command.name)
            if !options.isEmpty {
                out += commandWithOptions(command.name, options: options, first: first, model: model)
                continue
            }
            guard !first.isEmpty else { continue }
            out += "                \(command.name))\n"
            out += "                    if (( CURRENT == 2 )); then\n"
            out += "                        compadd -- \(ShellQuoting.wordList(first))\n"
            let seconds = secondWords(of: command.name, first: first, model: model)
            if !seconds.isEmpty {
                out += "                    elif (( CURRENT == 3 )); then\n" + operandCases(seconds)
            }
            out += "                    fi\n"
            out += "                    ;;\n"
        }
        // Anything else (a provider file, a provider with operations, one added after this
        // script was written): apicli says what comes next, from the provider's description.
        out += "                *)\n"
        out += "                    local -a candidates\n"
        let ask = "${~program} completions \(CompletionCandidates.action) zsh -- \"${(@)words[1,CURRENT]}\" 2>/dev/null"
        out += "                    candidates=(${(f)\"$(\(ask))\"})\n"
        out += "                    if (( ${#candidates} )); then\n"
        out += "                        _describe -t values 'value' candidates\n"
        out += "                    else\n"
        out += "                        _arguments -s $global_options\n"
        out += "                    fi\n"
        out += "                    ;;\n"
        out += "            esac\n"
        out += "            ;;\n"
        out += "    esac\n"
        out += "}\n\n"
        out += "\(function)_commands() {\n"
        out += "    local -a commands\n"
        out += "    commands=(\n"
        let entries = model.providers.map { ($0.name, $0.summary) } + model.commands.map { ($0.name, $0.summary) } + model.runnablePlugins
        for (name, summary) in entries where ShellQuoting.isPlainWord(name) {
            out += "        " + ShellQuoting.singleQuoted(name + ":" + summary) + "\n"
        }
        out += "    )\n"
        out += "    _describe -t commands '\(program) command' commands\n"
        out += "}\n\n"
        out += "if [[ \"$funcstack[1]\" == \"\(function)\" ]]; then\n"
        out += "    \(function) \"$@\"\n"
        out += "else\n"
        out += "    compdef \(function) \(program)\n"
        out += "fi\n"
        return out
    }

    /// The arm of a built-in command with options of its own (`provider`): one
    /// `_arguments` call completes them, their values, the action, and then the
    /// action's operand through the `operand` state.
    static func commandWithOptions(
        _ name: String, options: [OptionSpec], first: [String], model: CommandLineModel
    ) -> String {
        let seconds = secondWords(of: name, first: first, model: model)
        var specs = options.map(spec(for:))
        if !first.isEmpty { specs.append(ShellQuoting.singleQuoted("1:action:(\(ShellQuoting.wordList(first)))")) }
        if !seconds.isEmpty { specs.append(ShellQuoting.singleQuoted("2: :->operand")) }
        var out = "                \(name))\n"
        out += "                    _arguments -s $global_options"
        out += specs.map { " \\\n                        " + $0 }.joined() + " && return 0\n"
        if !seconds.isEmpty {
            out += "                    if [[ $state == operand ]]; then\n" + operandCases(seconds) + "                    fi\n"
        }
        out += "                    ;;\n"
        return out
    }

    /// The actions of `command` that take an operand, with the words it completes to.
    static func secondWords(of command: String, first: [String], model: CommandLineModel) -> [(String, [String])] {
        first.map { ($0, model.secondWords(after: command, $0)) }.filter { !$0.1.isEmpty }
    }

    /// `case $words[2] in show) compadd -- … ;; esac`: an action's operand.
    static func operandCases(_ seconds: [(String, [String])]) -> String {
        var out = "                        case $words[2] in\n"
        for (word, next) in seconds where ShellQuoting.isPlainWord(word) {
            out += "                            \(word)) compadd -- \(ShellQuoting.wordList(next)) ;;\n"
        }
        return out + "                        esac\n"
    }

    /// An `_arguments` spec: `'(-f --format)'{-f,--format}'[Output format.]:FORMAT:(table json)'`.
    static func spec(for option: OptionSpec) -> String {
        var tail = "[" + escapedDescription(option.help) + "]"
        if let valueName = option.valueName {
            let message = valueName.replacingAll(":", with: "\\:")
            let values = ShellQuoting.wordList(option.choices + option.suggestions)
            let action = ShellQuoting.takesPath(option) ? "_files" : values.isEmpty ? " " : "(\(values))"
            tail += ":" + message + ":" + action
        }
        let long = "--" + option.name
        guard let short = option.short else { return ShellQuoting.singleQuoted(long + tail) }
        return ShellQuoting.singleQuoted("(-\(short) \(long))") + "{-\(short),\(long)}" + ShellQuoting.singleQuoted(tail)
    }

    /// A positional argument: `'1:city: '`, `'1:section:(arts books)'` with its choices, or
    /// `'*:query: '` when it takes the rest.
    static func argumentSpec(for argument: ArgumentSpec, position: Int) -> String {
        let name = argument.name.replacingAll(":", with: "\\:")
        let action = argument.choices.isEmpty ? " " : "(\(ShellQuoting.wordList(argument.choices)))"
        return ShellQuoting.singleQuoted((argument.variadic ? "*" : "\(position)") + ":" + name + ":" + action)
    }

    /// Brackets and backslashes would end or bend an `_arguments` description (and
    /// what follows a `]` is an action, which zsh may evaluate): found by scalar,
    /// as ``ShellQuoting`` finds its marks.
    static func escapedDescription(_ text: String) -> String {
        ShellQuoting.backslashed(text, before: "[]\\")
    }
}
