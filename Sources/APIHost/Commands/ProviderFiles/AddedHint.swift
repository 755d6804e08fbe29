import ProviderFiles

/// The line `apicli provider add` ends with: how to run what it added, with the
/// operation's real arguments (`try 'apicli top <section>'`, and the sections), or
/// where its operations are listed.
enum AddedHint {
    /// At most this many of an argument's values are named; help lists them all.
    static let shownChoices = 6

    static func line(for file: ProviderFile, path: String) -> String {
        let descriptor = file.descriptor(source: path)
        let name = file.name
        guard descriptor.operations.isEmpty else {
            return "added \(name) with \(descriptor.operations.count) operations; see 'apicli help \(name)'"
        }
        let columns = file.primary.columns.map(\.name).joined(separator: ", ")
        var line = "added \(name)" + (columns.isEmpty ? "" : " (columns: \(columns))")
        line += "; try '\(descriptor.examples.first ?? "apicli \(name)")'"
        let closed = descriptor.arguments.filter { !$0.choices.isEmpty }
        if !closed.isEmpty {
            line += " (" + closed.map { argument in
                let shown = argument.choices.prefix(shownChoices).joined(separator: ", ")
                let more = argument.choices.count > shownChoices ? ", … \(argument.choices.count) in all" : ""
                return "<\(argument.name)>: \(shown)\(more)"
            }.joined(separator: "; ") + ")"
        }
        return line
    }
}
