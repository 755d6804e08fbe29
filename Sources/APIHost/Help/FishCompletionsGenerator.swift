/// `apicli completions fish`: `complete` lines generated from the
/// ``CommandLineModel``, with helper functions that find the command word
/// (skipping options and their values) so that each provider's options are
/// offered only after its name.
public enum FishCompletionsGenerator {
    public static func script(for model: CommandLineModel) -> String {
        let program = model.programName
        let prefix = "__" + program.replacingAll("-", with: "_")
        let skipped = model.valueOptionWords.filter(ShellQuoting.isPlainWord)
        var out = "# fish completion for \(program) \(model.version), generated from its declarations; do not edit.\n"
        out += "# Install: \(program) completions fish > ~/.config/fish/completions/\(program).fish\n\n"
        out += "# The words after the program name, without options and their values.\n"
        out += "function \(prefix)_words\n"
        out += "    set -l words (commandline -opc)\n"
        out += "    set -e words[1]\n"
        out += "    set -l skip 0\n"
        out += "    for word in $words\n"
        out += "        if test $skip -eq 1\n"
        out += "            set skip 0\n"
        out += "            continue\n"
        out += "        end\n"
        out += "        switch $word\n"
        if !skipped.isEmpty {
            out += "            case \(skipped.joined(separator: " "))\n"
            out += "                set skip 1\n"
        }
        out += "            case '-*'\n"
        out += "            case '*'\n"
        out += "                echo $word\n"
        out += "        end\n"
        out += "    end\n"
        out += "end\n\n"
        out += "# True when the words so far are exactly the arguments (none: no command yet).\n"
        out += "function \(prefix)_is\n"
        out += "    set -l words (\(prefix)_words)\n"
        out += "    test (count $words) -eq (count $argv); or return 1\n"
        out += "    for i in (seq (count $argv))\n"
        out += "        test \"$words[$i]\" = \"$argv[$i]\"; or return 1\n"
        out += "    end\n"
        out += "    return 0\n"
        out += "end\n\n"
        out += "# True when the words so far are the command word and then exactly N others (argv[2]).\n"
        out += "function \(prefix)_at\n"
        out += "    set -l words (\(prefix)_words)\n"
        out += "    test (count $words) -ge 1; and test \"$words[1]\" = \"$argv[1]\"; and test (count $words) -eq (math $argv[2] + 1)\n"
        out += "end\n\n"
        out += "# True when the words so far are the command word and then at least N others (argv[2]).\n"
        out += "function \(prefix)_after\n"
        out += "    set -l words (\(prefix)_words)\n"
        out += "    test (count $words) -ge 1; and test \"$words[1]\" = \"$argv[1]\"; and test (count $words) -ge (math $argv[2] + 1)\n"
        out += "end\n\n"
        out += "# True when the command word is the argument, whatever follows it.\n"
        out += "function \(prefix)_using\n"
        out += "    set -l words (\(prefix)_words)\n"
        out += "    test (count $words) -ge 1; and test \"$words[1]\" = \"$argv[1]\"\n"
        out += "end\n\n"
        out += "complete -c \(program) -f\n\n"
        out += "# Global options\n"
        out += model.globalOptions.map { line(program: program, condition: nil, option: $0) }.joined()
        out += "\n# Providers and commands\n"
        let entries = model.providers.map { ($0.name, $0.summary) } + model.commands.map { ($0.name, $0.summary) } + model.runnablePlugins
        for (name, summary) in entries where ShellQuoting.isPlainWord(name) {
            out += "complete -c \(program) -n '\(prefix)_is' -a \(name) -d \(ShellQuoting.fishQuoted(summary))\n"
        }
        for provider in model.heldProviders where ShellQuoting.isPlainWord(provider.name) {
            let arguments = provider.arguments.enumerated().filter { !$0.element.choices.isEmpty }
            guard !provider.allOptions.isEmpty || !arguments.isEmpty else { continue }
            out += "\n# \(provider.name)\n"
            let condition = "'\(prefix)_using \(provider.name)'"
            out += provider.allOptions.map { line(program: program, condition: condition, option: $0) }.joined()
            for (index, argument) in arguments {
                // The argument's place: the provider's name and the words before it.
                let place = argument.variadic ? "'\(prefix)_after \(provider.name) \(index)'" : "'\(prefix)_at \(provider.name) \(index)'"
                out += "complete -c \(program) -n \(place) -a '\(ShellQuoting.wordList(argument.choices))' -d "
                    + ShellQuoting.fishQuoted(argument.help) + "\n"
            }
        }
        let held = ShellQuoting.wordList(model.heldProviders.map(\.name) + model.commands.map(\.name))
        out += "\n# Anything else (a provider file, a provider with operations, one added after this script was\n"
        out += "# written): apicli says what comes next, from the provider's description.\n"
        out += "function \(prefix)_asked\n"
        out += "    set -l words (\(prefix)_words)\n"
        out += "    test (count $words) -ge 1; or return 1\n"
        out += "    contains -- $words[1] \(held); and return 1\n"
        out += "    return 0\n"
        out += "end\n\n"
        out += "function \(prefix)_ask\n"
        out += "    set -l line (commandline -opc)\n"
        out += "    $line[1] completions \(CompletionCandidates.action) fish -- $line[2..-1] (commandline -ct) 2>/dev/null\n"
        out += "end\n\n"
        out += "complete -c \(program) -n '\(prefix)_asked' -a '(\(prefix)_ask)'\n"
        for command in model.commands where ShellQuoting.isPlainWord(command.name) {
            let first = model.firstWords(after: command.name)
            let options = model.options(of: command.name)
            guard !first.isEmpty || !options.isEmpty else { continue }
            out += "\n# \(command.name)\n"
            let condition = "'\(prefix)_using \(command.name)'"
            out += options.map { line(program: program, condition: condition, option: $0) }.joined()
            guard !first.isEmpty else { continue }
            out += "complete -c \(program) -n '\(prefix)_is \(command.name)' -a '\(ShellQuoting.wordList(first))'\n"
            for word in first where ShellQuoting.isPlainWord(word) {
                let next = model.secondWords(after: command.name, word)
                guard !next.isEmpty else { continue }
                out += "complete -c \(program) -n '\(prefix)_is \(command.name) \(word)' -a '\(ShellQuoting.wordList(next))'\n"
            }
        }
        return out
    }

    /// One `complete` line for an option: `-x -a 'values'` for values, `-r -F` for paths.
    static func line(program: String, condition: String?, option: OptionSpec) -> String {
        var out = "complete -c \(program)"
        if let condition { out += " -n \(condition)" }
        if let short = option.short, ShellQuoting.isPlainWord(String(short)) { out += " -s \(short)" }
        out += " -l \(option.name)"
        if !option.isFlag {
            let values = ShellQuoting.wordList(option.choices + option.suggestions)
            if ShellQuoting.takesPath(option) {
                out += " -r -F"
            } else if values.isEmpty {
                out += " -x"
            } else {
                out += " -x -a '\(values)'"
            }
        }
        return out + " -d " + ShellQuoting.fishQuoted(option.help) + "\n"
    }
}
