/// The command line of `apicli api PROVIDER PATH [-q NAME=VALUE]… [--include] [--paginate]`.
///
/// After the provider word, `-q` is `--query`, as gh's short request flags are;
/// before it (`apicli -q api nyt …`) it is still the global `--quiet`, which
/// keeps its long form everywhere. The options that shape a
/// provider's rows (`--format`, `--fields`, `--wide`…) have no meaning for a body
/// printed as it came, so they are unknown options here.
struct APIArguments {
    var provider: String
    var path: APIPath
    /// The path's own `?…` parameters, then every `-q`, in order.
    var query: [QueryItem]
    var include: Bool
    var paginate: Bool
    var options: RunOptions
    var help: Bool

    /// The options `api` declares (its ``BuiltinCommand`` entry carries them, for help and completions).
    static let specs: [OptionSpec] = [
        .value("query", short: "q", valueName: "NAME=VALUE", help: "Add a query parameter (repeatable); percent-encoded."),
        .flag("include", short: "i", help: "Print the status line and the headers (keys redacted) before the body."),
        .flag("paginate", help: "Follow every page, one body after another: the answer's Link rel=next, else the provider's page numbers."),
    ]

    /// The global options that mean something for one raw request.
    static let globalSpecs: [OptionSpec] = GlobalOptions.specs
        .filter { ["offline", "refresh", "db", "color", "verbose", "quiet", "help"].contains($0.name) }
        .map { spec in
            var spec = spec
            if spec.name == "quiet" { spec.short = nil }
            return spec
        }

    init(_ words: [String], variables: [String: String]) throws {
        var rest: [String] = []
        var pairs: [String] = []
        var index = 0
        // Before the provider word, `-q` is the global `--quiet` (`apicli -q api nyt …`).
        var providerSeen = false
        let valueOptions = Set(Self.globalSpecs.filter { !$0.isFlag }.map { "--" + $0.name })
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--" {
                rest += words[(index - 1)...]
                break
            }
            if valueOptions.contains(word), index < words.count {
                rest += [word, words[index]]
                index += 1
                continue
            }
            if !word.hasPrefix("-") { providerSeen = true }
            if !providerSeen, word.hasPrefix("-q"), !word.hasPrefix("--") {
                rest.append("--quiet")
                if word.count > 2 { rest.append("-" + word.dropFirst(2)) }
                continue
            }
            if word == "-q" || word == "--query" {
                guard index < words.count else { throw UsageError("\(word) needs a value (NAME=VALUE)") }
                pairs.append(words[index])
                index += 1
            } else if word.hasPrefix("--query=") {
                pairs.append(String(word.dropFirst("--query=".count)))
            } else if word.hasPrefix("-q"), !word.hasPrefix("--") {
                pairs.append(String(word.dropFirst(2)))
            } else {
                rest.append(word)
            }
        }
        let parsed = try CommandLineParser(options: Self.globalSpecs + Self.specs).parse(rest)
        if let bundled = parsed.values["query"] { pairs.append(bundled) }
        options = try RunOptions(parsed.values, variables: variables)
        include = parsed.values["include"] == "true"
        paginate = parsed.values["paginate"] == "true"
        help = parsed.values["help"] == "true"
        let positionals = parsed.positionals
        guard help || positionals.count == 2 else {
            throw UsageError(
                positionals.count < 2
                    ? "give a provider and a path: apicli api PROVIDER PATH (apicli api nyt /svc/topstories/v2/home.json)"
                    : "apicli api takes a provider and one path, not '\(positionals[2])'; add parameters with -q NAME=VALUE")
        }
        provider = positionals.first ?? ""
        path = help ? try APIPath("/") : try APIPath(positionals[1])
        query = path.query
        for pair in pairs {
            let parts = pair.pieces(between: "=", maxSplits: 1)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw UsageError("-q takes NAME=VALUE, not '\(pair)'")
            }
            query.append(QueryItem(String(parts[0]), String(parts[1])))
        }
    }
}
