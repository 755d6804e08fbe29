#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore
import ProviderFiles

/// `apicli provider add|list|show|check|remove`: provider files without a toolchain.
struct ProviderFileCommand: BuiltinCommandHandler {
    let host: Host
    let command: BuiltinCommand

    /// The options of `apicli provider`. The `provider` entry of ``BuiltinCommand/all``
    /// carries them, and parsing, `--help`, completions and the man page read them there.
    static let specs: [OptionSpec] = [
        .value("base-url", valueName: "URL", help: "The API's base URL (http or https); with --openapi, replaces the document's servers."),
        .value("path", valueName: "/PATH", help: "The API path, from /."),
        .value("items", valueName: "KEYPATH", help: "Where the array of results is in the answer (hits, response.docs); with --openapi, instead of the document's (. for a bare list)."),
        .value("query-param", valueName: "P", help: "The query parameter that takes the search words."),
        .flag("no-key", help: "The API needs no key."),
        .value("key-param", valueName: "P", help: "The query parameter that carries the key."),
        .value("key-header", valueName: "H", help: "The header that carries the key (X-Api-Key), instead of --key-param."),
        .value("summary", valueName: "TEXT", help: "One line for 'apicli providers'."),
        .value("sample", valueName: "FILE", help: "A saved answer to guess the columns from (or to check against)."),
        .value("sample-words", valueName: "WORDS", help: "The words of the one live request add makes (default: test)."),
        .value("openapi", valueName: "FILE", help: "An OpenAPI 3 or Swagger 2 document (JSON or YAML), a file or an http(s) URL, to import from."),
        .value(
            "operation", valueName: "OP",
            help: "The operationId, or 'GET /path', to import; repeatable. Without it, every operation.",
            repeatable: true),
        .value(
            "read", valueName: "OP",
            help: "With --openapi: import this operation (operationId or 'POST /path') as a read, cached and stored; repeatable.",
            repeatable: true),
        .value("server", valueName: "N", help: "With --openapi: which of the document's servers to use, from 1."),
        .flag("bearer", help: "Send the key as 'Authorization: Bearer' (with --openapi: a token for an OAuth2 API)."),
        .value("key-of", valueName: "PROVIDER", help: "Use that provider's key (NYT_API_KEY, nyt.api-key) instead of one of its own."),
        .value("rate", valueName: "LIMITS", help: "The API's allowance, such as 5/minute,500/day (second, minute, hour, day)."),
        .value("spacing", valueName: "SECONDS", help: "Seconds between two requests, at least (1 to 3600)."),
        .flag("yes", short: "y", help: "remove: also drop the stored rows, without asking."),
    ]

    private var console: any Console { host.environment.console }

    /// The values of a repeatable option, in the order given.
    static func repeated(_ value: String) -> [String] {
        value.split(separator: OptionSpec.repeatSeparator).map(String.init)
    }

    func run(_ words: [String]) async throws -> ExitCode {
        let parsed = try CommandLineParser(options: GlobalOptions.specs + command.options).parse(words)
        let options = try RunOptions(parsed.values, variables: host.environment.variables)
        if parsed.values["help"] == "true" {
            console.out(BuiltinHelpGenerator.help(for: command))
            return .success
        }
        let messages = Messages(environment: host.environment, options: options)
        guard let verb = parsed.positionals.first else { throw UsageError(Self.usage) }
        let rest = Array(parsed.positionals.dropFirst())
        switch verb {
        case "add":
            let name = try operand(rest, verb)
            let added = try await ProviderAdd(host: host, values: parsed.values, options: options).add(name)
            console.out(added.path + "\n")
            for line in added.skipped { messages.warning(line) }
            for line in added.notes { messages.notice(line) }
            messages.notice(added.hint)
        case "list":
            guard rest.isEmpty else { throw UsageError(Self.usage) }
            console.out(ProviderListing(host: host).table())
        case "show":
            let name = try operand(rest, verb)
            if let (file, bundled) = try host.bundledFile(named: name) {
                console.out(options.format == .json ? file.operationsJSON.serialized(pretty: true) + "\n" : bundled.text + "\n")
                return .success
            }
            let path = try installedFile(name)
            if options.format == .json {
                // The operations as data, from the file as every run reads it.
                let file = try host.providerDirectory.read(path, expectedName: name)
                console.out(file.operationsJSON.serialized(pretty: true) + "\n")
                return .success
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CLIError("\(path) cannot be read", exitCode: .noInput)
            }
            console.out(ShownFileText.escaped(String(decoding: data, as: UTF8.self)))
        case "check":
            return try check(try operand(rest, verb), sample: parsed.values["sample"])
        case "remove":
            let name = try operand(rest, verb)
            try remove(name, yes: parsed.values["yes"] == "true", options: options, messages: messages)
        default:
            var message = "unknown provider command '\(verb)'"
            if let near = NearestName.suggest(verb, among: command.actions) { message += "; did you mean '\(near)'?" }
            throw UsageError(message + "; " + Self.usage)
        }
        return .success
    }

    static let usage = "usage: apicli provider add|list|show|check|remove [NAME] (see 'apicli provider --help')"

    private func operand(_ rest: [String], _ verb: String) throws -> String {
        guard rest.count == 1, let name = rest.first else {
            throw UsageError("usage: apicli provider \(verb) NAME")
        }
        return name
    }

    /// `<folder>/<name>.json`, which must exist; a compiled provider has no file.
    private func installedFile(_ name: String) throws -> String {
        if host.registry.compiledProvider(named: name) != nil {
            throw UsageError("\(name) is compiled into apicli and has no provider file (see 'apicli help \(name)')")
        }
        let path = host.providerDirectory.filePath(for: name)
        guard ProviderDescriptor.isValidName(name), FileManager.default.fileExists(atPath: path) else {
            var message = "no provider file named '\(name)' in \(host.providerDirectory.path)"
            let names = host.providerDirectory.entries().map(\.name)
            if let near = NearestName.suggest(name, among: names) { message += "; did you mean '\(near)'?" }
            throw CLIError(message, exitCode: .noInput)
        }
        return path
    }

    /// Checks an installed provider (by name) or any file (by path): every problem on its own line, exit 78.
    private func check(_ target: String, sample: String?) throws -> ExitCode {
        let directory = host.providerDirectory
        let isPath = target.containsLiteral("/") || target.hasSuffix(".json")
        let path = isPath ? target : try installedFile(target)
        let inFolder = PathText.folder(of: path) == directory.path
        let file: ProviderFile
        do {
            if inFolder {
                file = try directory.read(path, expectedName: PathText.deletingExtension(PathText.lastComponent(of: path)))
            } else {
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw CLIError("\(path) cannot be read", exitCode: .noInput)
                }
                file = try ProviderFileReader(file: path, expectedName: nil, reserved: directory.reserved).read(Array(data))
            }
        } catch let error as ProviderFileError {
            for line in error.lines { console.err("apicli: error: " + Messages.oneLine(line) + "\n") }
            return .configuration
        }
        var notes: [String] = []
        if let sample {
            notes = try SampleCheck.problems(of: file, source: path, sample: sample)
            for note in notes { console.err("apicli: error: " + Messages.oneLine(note) + "\n") }
        }
        guard notes.isEmpty else { return .configuration }
        let paging = file.primary.paging.map { ", paging by \($0.style.rawValue), \($0.size) a page" } ?? ""
        let facts = file.operations.count > 1 ? "\(file.operations.count) operations" : "\(file.primary.columns.count) columns\(paging)"
        console.out("ok: \(path) (\(facts))\n")
        return .success
    }

    /// Removes the file; its stored rows too when the user says so (`--yes`, or `y` at the prompt).
    private func remove(_ name: String, yes: Bool, options: RunOptions, messages: Messages) throws {
        let path = try installedFile(name)
        // Read while the file is there: it says where the provider's rows are.
        let layout = host.registry.storeLayout
        let database = AppPaths(variables: host.environment.variables, databaseFlag: options.databasePath).database
        let hasStore = FileManager.default.fileExists(atPath: database)
        var drop = yes
        if !yes && hasStore {
            console.err("apicli: drop the stored results of \(name) as well? [y/N] ")
            let answer = host.environment.readLine()?.trimmed(.whitespaces).lowercased()
            drop = answer == "y" || answer == "yes"
        }
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw CLIError("could not remove \(path): \(SystemErrorText.describe(error))", exitCode: .software)
        }
        guard drop && hasStore else {
            messages.notice("removed \(path)" + (hasStore ? "; its stored results are kept" : ""))
            return
        }
        let store = try StoreOpener.open(path: database, providers: [], shared: layout.sharedMigrations, intent: .existing)
        let cleared = try StoreInspector(store: store).clear(provider: name, layout: layout)
        messages.notice("removed \(path) and \(cleared.rows) stored rows, \(cleared.cacheEntries) cached responses")
    }
}
