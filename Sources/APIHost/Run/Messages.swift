/// Warnings and errors on stderr: one line each, `apicli: ` first, coloured
/// only when stderr is a terminal that wants colour, and silenced by `--quiet`
/// (errors always print).
struct Messages: Sendable {
    let environment: HostEnvironment
    let options: RunOptions

    private var color: Bool {
        options.useColor(isTerminal: environment.stderrIsTerminal, variables: environment.variables)
    }

    func warning(_ text: String) {
        guard !options.quiet else { return }
        environment.console.err(prefix("warning", code: "33") + Self.oneLine(text) + "\n")
    }

    func error(_ text: String) {
        environment.console.err(prefix("error", code: "31") + Self.oneLine(text) + "\n")
    }

    func notice(_ text: String) {
        guard !options.quiet else { return }
        environment.console.err("apicli: " + Self.oneLine(text) + "\n")
    }

    private func prefix(_ word: String, code: String) -> String {
        color ? "apicli: \u{1B}[1;\(code)m\(word)\u{1B}[0m: " : "apicli: \(word): "
    }

    /// Messages can quote what a server sent; keep them to one safe line.
    static func oneLine(_ text: String) -> String {
        TerminalSanitizer.clean(text)
    }
}
