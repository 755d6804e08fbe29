import APIHost
import Foundation
import TestSupport

/// Real runs through an in-process ``Host`` against a loopback server that
/// answers every request with a fixture, with a known fake key: every format
/// renders, and the key shows nowhere — not in stdout, stderr, `--verbose`
/// traces, nor the bytes of the store and its WAL.
enum HostRunChecks {
    static let fakeKey = "CONFORMANCE0KEY0d41d8cd98f00b204e98"

    static func failures<P: Provider>(of provider: P, arguments: [String], body: Data) async -> [String] {
        let descriptor = provider.descriptor
        do {
            let server = try LoopbackServer(maxLifetime: .seconds(60)) { _ in .json(body) }
            defer { server.stop() }
            let directory = try TemporaryDirectory(prefix: "conformance-\(descriptor.name)")
            let database = directory.path("store.sqlite3")
            // Every request is answered with `body`: what each run prints is that answer, decoded;
            // offline, without the items already past.
            var warnings: [String] = []
            // The query as the host reads the command line: options parsed, defaults filled in.
            let parsed = try CommandLineParser(options: descriptor.options).parse(arguments)
            let settings = Settings(variables: [:], config: ConfigFile(path: directory.path("config")))
            guard let query = try provider.queries(from: settings.resolve(parsed, for: descriptor)).first else {
                return ["\(arguments) gives no query"]
            }
            let answer = try provider.decode(body, for: query, warnings: &warnings)
            let fresh = RenderExpectation(provider, [answer], terminal: .plain)
            let offline = RenderExpectation(provider, [provider.capabilities.aging?.dropping(Date(), answer).response ?? answer], terminal: .plain)
            var variables = [
                descriptor.environmentPrefix + "_BASE_URL": server.baseURL.absoluteString,
                "APICLI_DB": database,
                "XDG_CONFIG_HOME": directory.path("config"),
                "XDG_DATA_HOME": directory.path("data"),
                "HOME": directory.path(),
                // The width of `Terminal.plain`, which the expected tables are laid out for.
                "COLUMNS": String(Terminal.plain.width),
            ]
            if let credential = descriptor.credential { variables[credential.environmentVariable] = fakeKey }
            let registry = try ProviderRegistry([provider])

            var failures: [String] = []
            var printed = ""
            let runs: [(words: [String], format: OutputFormat?)] =
                [(["--verbose", "--refresh"], .table), ([], .json), ([], .ndjson), ([], .csv), (["--offline"], .json)]
            for run in runs {
                let console = CapturingConsole()
                let words = [descriptor.name] + arguments + run.words + ["--format", (run.format ?? .table).rawValue]
                let code = await Host(registry: registry, environment: HostEnvironment(
                    variables: variables, console: console)).run(words)
                let line = words.joined(separator: " ")
                if code != .success {
                    failures.append("`\(line)` exited \(code.rawValue): \(console.stderr.prefix(300))")
                    continue
                }
                if let format = run.format {
                    let expected = run.words.contains("--offline") ? offline : fresh
                    failures += RenderChecks.check(console.stdout, as: format, expecting: expected).map { "`\(line)`: \($0)" }
                }
                printed += console.stdout + console.stderr
            }
            if let credential = descriptor.credential, !server.requests.contains(where: { carries($0, credential.placement) }) {
                failures.append("no request carried the key as the \(credential.placement.wording)")
            }
            if printed.contains(fakeKey) { failures.append("the API key was printed") }
            for suffix in ["", "-wal", "-shm", "-journal"] {
                let bytes = (try? Data(contentsOf: URL(fileURLWithPath: database + suffix))) ?? Data()
                if bytes.range(of: Data(fakeKey.utf8)) != nil {
                    failures.append("the API key is in the store file store.sqlite3\(suffix)")
                }
            }
            return failures
        } catch {
            return ["could not run the host: \(error)"]
        }
    }

    /// Whether `request` carried the fake key where the descriptor says it goes.
    private static func carries(_ request: RecordedRequest, _ placement: CredentialPlacement) -> Bool {
        switch placement {
        case let .query(name): request.query(name) == fakeKey
        case let .header(name): request.header(name) == fakeKey
        case .bearer, .basic: request.header("Authorization") == placement.headerValue(for: fakeKey)
        }
    }
}
