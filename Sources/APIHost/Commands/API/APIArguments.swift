/// The command line of `apicli api PROVIDER PATH [-X METHOD] [-q NAME=VALUE]… [-f|-F NAME=VALUE]…
/// [--input FILE] [-H 'NAME: VALUE']… [--dry-run] [--yes] [--include] [--paginate]`.
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
    /// `-X`, upper-cased; nil when not given (GET, or POST when a body is given).
    var method: String?
    /// `-f` and `-F`, in the order given (`-f` strings, `-F` typed).
    var fieldPairs: [(pair: String, typed: Bool)]
    /// `--input`: a file, or `-` for standard input.
    var input: String?
    /// `-H`, as written (`Name: value`).
    var headerLines: [String]
    var dryRun: Bool
    var yes: Bool

    /// The options `api` declares (its ``BuiltinCommand`` entry carries them, for help and completions).
    static let specs: [OptionSpec] = [
        .value("query", short: "q", valueName: "NAME=VALUE", help: "Add a query parameter (repeatable); percent-encoded."),
        .flag("include", short: "i", help: "Print the status line and the headers (keys redacted) before the body."),
        .flag("paginate", help: "Follow every page, one body after another: the answer's Link rel=next, else the provider's page numbers."),
        .value("method", short: "X", valueName: "METHOD", help: "The method: GET (the default), HEAD, POST (the default with a body), PUT, PATCH, DELETE."),
        .value("raw-field", short: "f", valueName: "NAME=VALUE", help: "Add a string field to the JSON body (a query parameter on GET or HEAD); repeatable.", repeatable: true),
        .value("field", short: "F", valueName: "NAME=VALUE", help: "Add a typed field: numbers, true, false, null, @FILE; a.b=1 nests, tags[]=x appends; repeatable.", repeatable: true),
        .value("input", valueName: "FILE", help: "Send the file as the body ('-': standard input); -f and -F then add query parameters."),
        .value("header", short: "H", valueName: "'NAME: VALUE'", help: "Add a request header (repeatable); never the key's own header.", repeatable: true),
        .flag("dry-run", help: "Print the request (method, URL, headers with the key redacted, body) and send nothing."),
        .flag("yes", help: "Send a write without asking: needed when standard input is not a terminal."),
    ]

    /// `-f` and `-F` by every spelling, and whether the value is typed.
    private static let fieldFlags: [String: Bool] = ["-f": false, "--raw-field": false, "-F": true, "--field": true]

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
        var fields: [(pair: String, typed: Bool)] = []
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
            if let typed = Self.fieldFlags[word] {
                guard index < words.count else { throw UsageError("\(word) needs a value (NAME=VALUE)") }
                fields.append((words[index], typed))
                index += 1
                continue
            }
            if let (flag, value) = word.cut(atFirst: "="), let typed = Self.fieldFlags[String(flag)], flag.hasPrefix("--") {
                fields.append((String(value), typed))
                continue
            }
            if providerSeen, word.count > 2, let typed = Self.fieldFlags[String(word.prefix(2))] {
                fields.append((String(word.dropFirst(2)), typed))
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
        method = parsed.values["method"].map { $0.uppercased() }
        if let method, !["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].contains(method) {
            throw UsageError("-X takes GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS, not '\(method)'")
        }
        func repeated(_ name: String) -> [String] {
            parsed.values[name].map { $0.split(separator: OptionSpec.repeatSeparator, omittingEmptySubsequences: false).map(String.init) } ?? []
        }
        // Read above, in the order given across -f and -F: an array's items keep it.
        fieldPairs = fields
        input = parsed.values["input"]
        headerLines = repeated("header")
        dryRun = parsed.values["dry-run"] == "true"
        yes = parsed.values["yes"] == "true"
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
