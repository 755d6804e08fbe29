/// Splits a command line into positional words and option values, checked
/// against the declared ``OptionSpec``s.
///
/// Accepts `--name value`, `--name=value`, `-n value`, bundled short flags
/// (`-vq`) and `--` to end options, so that `apicli nyt -- -minus` searches for
/// `-minus`. Anything else that starts with a dash is an unknown option, reported
/// with the nearest declared name.
public struct CommandLineParser: Sendable {
    public let options: [OptionSpec]

    public init(options: [OptionSpec]) {
        self.options = options
    }

    /// The raw result: what the command line itself said, before defaults.
    public struct Result: Sendable, Equatable {
        public var positionals: [String] = []
        public var values: [String: String] = [:]
    }

    public func parse(_ words: [String]) throws -> Result {
        var result = Result()
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") || Self.isNegativeNumber(word) {
                result.positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                let spec = try lookup(long: name)
                try take(spec, inline: inline, words: words, index: &index, into: &result)
            } else {
                // One or more short flags; the last may take a value (`-f json`).
                let letters = Array(word.dropFirst())
                for (position, letter) in letters.enumerated() {
                    let spec = try lookup(short: letter)
                    let isLast = position == letters.count - 1
                    if !spec.isFlag && !isLast {
                        let rest = String(letters[(position + 1)...])
                        try take(spec, inline: rest, words: words, index: &index, into: &result)
                        break
                    }
                    try take(spec, inline: nil, words: words, index: &index, into: &result)
                }
            }
        }
        return result
    }

    private func take(
        _ spec: OptionSpec, inline: String?, words: [String], index: inout Int, into result: inout Result
    ) throws {
        if spec.isFlag {
            if inline != nil { throw UsageError("--\(spec.name) takes no value") }
            result.values[spec.name] = "true"
            return
        }
        let value: String
        if let inline {
            value = inline
        } else if index < words.count {
            value = words[index]
            index += 1
        } else {
            throw UsageError("--\(spec.name) needs a value (\(spec.valueName ?? "VALUE"))")
        }
        if !spec.choices.isEmpty && !spec.choices.contains(value) {
            var message = "--\(spec.name) must be one of \(spec.choices.joined(separator: ", ")), not '\(value)'"
            if let meant = spec.synonyms[value.lowercased()] ?? NearestName.suggest(value, among: spec.choices) {
                message += "; did you mean '\(meant)'?"
            }
            throw UsageError(message)
        }
        if spec.repeatable, let earlier = result.values[spec.name] {
            result.values[spec.name] = earlier + String(OptionSpec.repeatSeparator) + value
            return
        }
        // A value given twice is a guess either way (`--id 1 --id 2`): say no instead.
        if let earlier = result.values[spec.name], earlier != value {
            throw UsageError("--\(spec.name) is given twice ('\(earlier)' and '\(value)'); give it once")
        }
        result.values[spec.name] = value
    }

    private func lookup(long name: String) throws -> OptionSpec {
        if let spec = options.first(where: { $0.name == name }) { return spec }
        var message = "unknown option '--\(name)'"
        if let near = NearestName.suggest(name, among: options.map(\.name)) { message += "; did you mean '--\(near)'?" }
        throw UsageError(message)
    }

    private func lookup(short letter: Character) throws -> OptionSpec {
        if let spec = options.first(where: { $0.short == letter }) { return spec }
        throw UsageError("unknown option '-\(letter)'")
    }

    /// `-5`, `-3.2` or `-33.87,151.21` are words, not options (a temperature, an
    /// offset, coordinates south or west).
    private static func isNegativeNumber(_ word: String) -> Bool {
        word.count > 1 && word.split(separator: ",", omittingEmptySubsequences: false)
            .allSatisfy { Double($0.trimmed(.whitespaces)) != nil }
    }
}
