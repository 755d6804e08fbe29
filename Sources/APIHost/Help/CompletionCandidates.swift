/// What a shell offers at the cursor after a provider's name, worked out by apicli
/// itself when the shell asks (`apicli completions words SHELL -- WORDS…`), from the
/// same ``CommandLineModel`` the scripts are generated from.
///
/// The generated scripts hold the compiled providers' options, but not what provider
/// files and providers with operations take: an imported API has thousands of options,
/// and the files change after the script is written. For those the script asks, and
/// apicli reads the one provider named (the one operation, from the folder's index):
/// the operations after the provider's name, then only the chosen operation's options
/// (and the shared and global ones), an option's values, and an argument's choices
/// (`apicli nyt-top-stories <TAB>` lists the sections).
enum CompletionCandidates {
    struct Candidate: Equatable {
        var word: String
        var description: String
    }

    /// The candidates for the last of `words` (the word at the cursor, maybe empty); the
    /// first is the provider's name. The shell keeps those that start with what is typed.
    /// Without `global`, the global options are left to the script (fish completes them everywhere).
    static func candidates(for words: [String], in model: CommandLineModel, global: Bool = true) -> [Candidate] {
        guard words.count >= 2, let current = words.last else { return [] }
        let globalOptions = global ? model.globalOptions : []
        guard let provider = model.provider(named: words[0]) else {
            return current.hasPrefix("-") ? options(globalOptions) : []
        }
        var operation: OperationSpec?
        var operationWord = false
        var positionals = 0
        var pending: OptionSpec?
        var rest = false
        for word in words.dropFirst().dropLast() {
            if pending != nil {
                pending = nil
                continue
            }
            if !rest, word == "--" {
                rest = true
                continue
            }
            if !rest, word.hasPrefix("-"), word.count > 1 {
                let known = model.globalOptions + provider.options + (operation?.options ?? [])
                if !word.contains("="), let option = Self.option(word, among: known), !option.isFlag { pending = option }
                continue
            }
            if !provider.operations.isEmpty, !operationWord {
                operationWord = true
                operation = provider.operation(named: word)
            } else {
                positionals += 1
            }
        }
        if let option = pending {
            return (option.choices + option.suggestions).map { Candidate(word: $0, description: "") }
        }
        if current.hasPrefix("-"), !rest {
            return options(globalOptions + provider.options + (operation?.options ?? []))
        }
        if !provider.operations.isEmpty, !operationWord {
            return provider.operations.map { Candidate(word: $0.name, description: $0.summary) }
        }
        if !provider.operations.isEmpty, operation == nil { return [] }
        let arguments = operation?.arguments ?? provider.arguments
        let argument = positionals < arguments.count ? arguments[positionals] : arguments.last.flatMap { $0.variadic ? $0 : nil }
        return (argument?.choices ?? []).map { Candidate(word: $0, description: argument?.help ?? "") }
    }

    /// `--name` (and `-n`) for each option, with its help.
    private static func options(_ options: [OptionSpec]) -> [Candidate] {
        var seen = Set<String>()
        return options.flatMap { option in
            (["--" + option.name] + (option.short.map { ["-\($0)"] } ?? [])).map { Candidate(word: $0, description: option.help) }
        }.filter { seen.insert($0.word).inserted }
    }

    /// The option `word` names (`--units`, `-f`), if any.
    private static func option(_ word: String, among options: [OptionSpec]) -> OptionSpec? {
        if word.hasPrefix("--") { return options.first { "--" + $0.name == word } }
        return options.first { $0.short.map { "-\($0)" } == word }
    }

    /// The candidates as `shell` reads them, one a line: bash the words alone; zsh
    /// `word:description` for `_describe`; fish `word<TAB>description`. Only plain words
    /// are offered (bash's `compgen -W` expands what it is given), and descriptions are one line.
    static func lines(_ candidates: [Candidate], shell: String) -> String {
        candidates.filter { ShellQuoting.isPlainWord($0.word) }.map { candidate in
            let description = TerminalSanitizer.clean(candidate.description)
            switch shell {
            case "zsh":
                let word = candidate.word.replacingAll(":", with: "\\:")
                return description.isEmpty ? word : word + ":" + description
            case "fish":
                return description.isEmpty ? candidate.word : candidate.word + "\t" + description
            default:
                return candidate.word
            }
        }.map { $0 + "\n" }.joined()
    }
}
