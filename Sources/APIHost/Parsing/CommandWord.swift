/// Finds the command word in a command line whose global options may come
/// first: `apicli -f csv --db /tmp/x.sqlite3 weather London`.
///
/// Global options before the command are stepped over with their values
/// (`-f csv`, `--format=csv`, `-qf csv`), so a value is never taken for the
/// command; the first other word is the command, and `--` before it ends the
/// options, making the next word the command whatever it looks like. What
/// the words mean is left to ``CommandLineParser``, which then parses the
/// options before and after the command together.
struct CommandWord: Equatable {
    /// The options before the command.
    var leading: [String]
    /// The command word; nil when the line has none (`apicli --version`).
    var command: String?
    /// Everything after the command.
    var rest: [String]

    init(leading: [String], command: String?, rest: [String]) {
        self.leading = leading
        self.command = command
        self.rest = rest
    }

    /// Splits `words` around the command, knowing which options take a value.
    init(_ words: [String], options: [OptionSpec]) {
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "--" {
                let command = index + 1 < words.count ? words[index + 1] : nil
                self.init(leading: Array(words[..<index]), command: command, rest: Array(words.dropFirst(index + 2)))
                return
            }
            guard word.hasPrefix("-"), word != "-" else {
                self.init(leading: Array(words[..<index]), command: word, rest: Array(words[(index + 1)...]))
                return
            }
            index += 1 + Self.valuesTaken(by: word, options: options)
        }
        self.init(leading: words, command: nil, rest: [])
    }

    /// How many following words `option` takes: 1 for `--format` or `-f` (or
    /// `-qf`, whose last letter takes one), 0 for flags, inline values and
    /// unknown options (which the parser reports).
    private static func valuesTaken(by option: String, options: [OptionSpec]) -> Int {
        if option.hasPrefix("--") {
            let name = option.dropFirst(2)
            guard !name.contains("="), let spec = options.first(where: { $0.name == name }) else { return 0 }
            return spec.isFlag ? 0 : 1
        }
        for (position, letter) in option.dropFirst().enumerated() {
            guard let spec = options.first(where: { $0.short == letter }) else { return 0 }
            // A value-taking letter takes the rest of the word, or the next word when it is last.
            if !spec.isFlag { return position == option.count - 2 ? 1 : 0 }
        }
        return 0
    }
}
