extension CompletionCandidates {
    /// The action the generated scripts call: `apicli completions words SHELL -- WORDS…`,
    /// the words after the program name up to the cursor, the last the one being typed.
    static let action = "words"
}

extension Host {
    /// The candidates for `words` as `shell` reads them (``CompletionCandidates``), from the
    /// one provider the command word names, described for the operation the line names;
    /// global options before the command word are stepped over. A provider that cannot be
    /// read offers nothing: completion never prints an error.
    func completionWords(shell: String, words: [String]) -> String {
        guard let current = words.last else { return "" }
        let line = CommandWord(Array(words.dropLast()), options: GlobalOptions.specs)
        guard let name = line.command else { return "" }
        let provider = try? registry.provider(named: name, running: CommandWord(line.rest, options: GlobalOptions.specs).command)
        let model = CommandLineModel(providers: provider.map { [$0.descriptor] } ?? [])
        let candidates = CompletionCandidates.candidates(for: [name] + line.rest + [current], in: model, global: shell != "fish")
        return CompletionCandidates.lines(candidates, shell: shell)
    }
}
