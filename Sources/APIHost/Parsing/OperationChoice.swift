/// Picks the operation of a provider that has several from its command line:
/// `apicli books lists-overview --date 2024-01-01` runs `lists-overview` with
/// `--date`. The operation is the first word that is not an option (options
/// before it, global or the provider's shared ones, are stepped over with
/// their values); the words after it are the operation's.
struct OperationChoice {
    /// The operation chosen; nil when the line names none (only `--help` may do that).
    var operation: OperationSpec?
    /// The line without the operation's word, for the parser.
    var words: [String]

    /// Finds the operation in `words` (the provider's part of the line), or a
    /// usage error (64) naming the nearest operation, or listing them when none is given.
    init(_ words: [String], of provider: ProviderDescriptor, options: [OptionSpec]) throws {
        let line = CommandWord(words, options: options)
        guard let name = line.command else {
            self.operation = nil
            self.words = words
            if words.contains("--help") || words.contains("-h") { return }
            throw UsageError(
                "\(provider.name) needs an operation: \(Self.names(of: provider)); see 'apicli help \(provider.name)'")
        }
        guard let operation = provider.operation(named: name) else {
            var message = "unknown operation '\(name)' of \(provider.name)"
            let near = NearestName.suggest(name, among: provider.operations.map(\.name))
            var mentioning = provider.operations(mentioning: [name])
            guard mentioning.isEmpty else {
                // The nearest name first: it is most likely what was meant.
                if let index = mentioning.firstIndex(where: { $0.name == near }) { mentioning.insert(mentioning.remove(at: index), at: 0) }
                message += "; operations that mention it: " + ProviderDescriptor.names(of: mentioning)
                throw UsageError(message + " (see 'apicli help \(provider.name) \(name)')")
            }
            if let near { message += "; did you mean '\(near)'?" }
            throw UsageError(message + " (see 'apicli help \(provider.name)')")
        }
        self.operation = operation
        self.words = line.leading + line.rest
    }

    /// The first few operation names, for a message that must stay one line.
    private static func names(of provider: ProviderDescriptor) -> String {
        let names = provider.operations.map(\.name)
        return names.prefix(8).joined(separator: ", ") + (names.count > 8 ? ", …" : "")
    }
}
