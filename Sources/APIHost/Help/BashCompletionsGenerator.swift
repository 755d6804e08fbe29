/// `apicli completions bash`: a bash completion function generated from the
/// ``CommandLineModel``: commands and providers as the first word, each
/// provider's options and arguments' choices after it, the values of options with
/// choices or suggestions, files for path options, and the words built-in commands
/// take. After a provider file or a provider with operations it asks apicli
/// (``CompletionCandidates``).
public enum BashCompletionsGenerator {
    public static func script(for model: CommandLineModel) -> String {
        let program = model.programName
        let function = "_" + program.replacingAll("-", with: "_")
        let globalWords = ShellQuoting.wordList(optionWords(model.globalOptions))
        let firstWords = ShellQuoting.wordList(model.providers.map(\.name) + model.commands.map(\.name) + model.runnablePlugins.map(\.name))
        let valueWords = model.valueOptionWords.filter(ShellQuoting.isPlainWord)
        let skipValues = valueWords.isEmpty ? "" : "            \(valueWords.joined(separator: "|"))) ((i++)) ;;\n"
        var out = """
        # bash completion for \(program) \(model.version), generated from its declarations; do not edit.
        # Install: \(program) completions bash > ~/.local/share/bash-completion/completions/\(program)
        # or add to ~/.bashrc: source <(\(program) completions bash)

        \(function)() {
            local cur prev command i
            local -a positionals=()
            COMPREPLY=()
            cur="${COMP_WORDS[COMP_CWORD]}"
            prev=""
            if [[ $COMP_CWORD -gt 0 ]]; then prev="${COMP_WORDS[COMP_CWORD-1]}"; fi
            command=""
            for ((i = 1; i < COMP_CWORD; i++)); do
                case "${COMP_WORDS[i]}" in
        \(skipValues)            -*) ;;
                    *)
                        if [[ -z "$command" ]]; then
                            command="${COMP_WORDS[i]}"
                        else
                            positionals+=("${COMP_WORDS[i]}")
                        fi
                        ;;
                esac
            done

            # The value of the option before the cursor: the provider's own options first.
            case "$command" in

        """
        let optionSets = model.heldProviders.map { ($0.name, $0.allOptions) }
            + model.builtins.filter { !$0.options.isEmpty }.map { ($0.name, $0.options) }
        for (name, options) in optionSets where ShellQuoting.isPlainWord(name) {
            out += "        \(name))\n"
            out += "            case \"$prev\" in\n"
            out += valueCases(options, indent: 16)
            out += "            esac\n"
            out += "            ;;\n"
        }
        out += "    esac\n"
        out += "    case \"$prev\" in\n"
        out += valueCases(model.globalOptions, indent: 8)
        out += "    esac\n\n"
        out += "    case \"$command\" in\n"
        out += "        \"\")\n"
        out += "            if [[ $cur == -* ]]; then\n"
        out += "                COMPREPLY=($(compgen -W '\(globalWords)' -- \"$cur\"))\n"
        out += "            else\n"
        out += "                COMPREPLY=($(compgen -W '\(firstWords)' -- \"$cur\"))\n"
        out += "            fi\n"
        out += "            ;;\n"
        for provider in model.heldProviders where ShellQuoting.isPlainWord(provider.name) {
            let words = ShellQuoting.wordList(optionWords(provider.allOptions + model.globalOptions))
            out += "        \(provider.name))\n"
            out += "            if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W '\(words)' -- \"$cur\"))\n"
            out += argumentCases(provider.arguments)
            out += "            fi\n"
            out += "            ;;\n"
        }
        for command in model.commands where ShellQuoting.isPlainWord(command.name) {
            let first = model.firstWords(after: command.name)
            let seconds = first.map { ($0, model.secondWords(after: command.name, $0)) }.filter { !$0.1.isEmpty }
            let options = model.options(of: command.name)
            guard !first.isEmpty || !options.isEmpty else { continue }
            let optionWords = ShellQuoting.wordList(optionWords(options + model.globalOptions))
            out += "        \(command.name))\n"
            out += "            if [[ $cur == -* ]]; then\n"
            out += "                COMPREPLY=($(compgen -W '\(options.isEmpty ? globalWords : optionWords)' -- \"$cur\"))\n"
            out += "            elif [[ ${#positionals[@]} -eq 0 ]]; then\n"
            out += "                COMPREPLY=($(compgen -W '\(ShellQuoting.wordList(first))' -- \"$cur\"))\n"
            if !seconds.isEmpty {
                out += "            elif [[ ${#positionals[@]} -eq 1 ]]; then\n"
                out += "                case \"${positionals[0]}\" in\n"
                for (word, next) in seconds where ShellQuoting.isPlainWord(word) {
                    out += "                    \(word)) COMPREPLY=($(compgen -W '\(ShellQuoting.wordList(next))' -- \"$cur\")) ;;\n"
                }
                out += "                esac\n"
            }
            out += "            fi\n"
            out += "            ;;\n"
        }
        // Anything else (a provider file, a provider with operations, one added after this
        // script was written): apicli says what comes next, from the provider's description.
        out += "        *)\n"
        out += "            local program=\"${COMP_WORDS[0]}\"\n"
        out += "            [[ $program == \"~/\"* ]] && program=\"$HOME/${program#\\~/}\"\n"
        let ask = "\"$program\" completions \(CompletionCandidates.action) bash -- \"${COMP_WORDS[@]:1:COMP_CWORD}\" 2>/dev/null"
        out += "            COMPREPLY=($(compgen -W \"$(\(ask))\" -- \"$cur\"))\n"
        out += "            ;;\n"
        out += "    esac\n"
        out += "    return 0\n"
        out += "}\n\n"
        out += "complete -F \(function) \(program)\n"
        return out
    }

    /// `elif` branches offering each argument's choices at its place among the words.
    static func argumentCases(_ arguments: [ArgumentSpec]) -> String {
        var out = ""
        for (index, argument) in arguments.enumerated() where !argument.choices.isEmpty {
            let words = ShellQuoting.wordList(argument.choices)
            let test = argument.variadic ? "-ge \(index)" : "-eq \(index)"
            out += "            elif [[ ${#positionals[@]} \(test) ]]; then COMPREPLY=($(compgen -W '\(words)' -- \"$cur\"))\n"
        }
        return out
    }

    /// `--name` and `-n` for each option.
    static func optionWords(_ options: [OptionSpec]) -> [String] {
        options.flatMap { ["--" + $0.name] + ($0.short.map { ["-\($0)"] } ?? []) }
    }

    /// One `case` arm per value-taking option: its choices and suggestions,
    /// files for a path, nothing (but no option names either) for free text.
    static func valueCases(_ options: [OptionSpec], indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        var out = ""
        for option in options where !option.isFlag {
            let pattern = optionWords([option]).filter(ShellQuoting.isPlainWord).joined(separator: "|")
            guard !pattern.isEmpty else { continue }
            let values = ShellQuoting.wordList(option.choices + option.suggestions)
            if ShellQuoting.takesPath(option) {
                out += pad + "\(pattern)) COMPREPLY=($(compgen -f -- \"$cur\")); return 0 ;;\n"
            } else if values.isEmpty {
                out += pad + "\(pattern)) return 0 ;;\n"
            } else {
                out += pad + "\(pattern)) COMPREPLY=($(compgen -W '\(values)' -- \"$cur\")); return 0 ;;\n"
            }
        }
        return out
    }
}
