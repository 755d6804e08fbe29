import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import APICore
import Synchronization

/// `apicli store export [PROVIDER] --format ndjson|csv|sqlite [--since TIME] [--versions]
/// [--output FILE]`: the stored items, for DuckDB, pandas, jq, `psql \copy` or another
/// SQLite reader (docs/export.md, docs/design/0296-store-export.md).
///
/// Rows are stepped from the store and written through the buffered ``OutputWriter`` (or
/// inserted into the new database) one at a time: memory stays the same for ten thousand
/// items or ten million. A reader that goes away (`| head`) ends the export quietly; a file
/// is written whole or not at all (``ExportFile``).
struct StoreExport: Sendable {
    let host: Host
    let command: BuiltinCommand

    /// Whether `words` (every word after `store`) run `store export`, whose `--format`
    /// takes values the global option does not (`sqlite`), so it parses them itself.
    static func isExport(_ words: [String], options: [OptionSpec]) -> Bool {
        CommandWord(words, options: GlobalOptions.specs + options).command == "export"
    }

    /// The global options with `--format` taking the export's forms, then the store's own.
    private var specs: [OptionSpec] {
        GlobalOptions.specs.map { spec in
            guard spec.name == "format" else { return spec }
            var format = spec
            format.choices = ExportRequest.Format.allCases.map(\.rawValue)
            format.defaultValue = ExportRequest.Format.ndjson.rawValue
            return format
        } + command.options
    }

    func run(_ words: [String]) throws -> ExitCode {
        let parsed = try CommandLineParser(options: specs).parse(words)
        if parsed.values["help"] == "true" {
            host.environment.console.out(BuiltinHelpGenerator.help(for: command, action: "export"))
            return .success
        }
        var globals = parsed.values
        globals["format"] = nil
        let options = try RunOptions(globals, variables: host.environment.variables)
        let request = try ExportRequest(arguments: Array(parsed.positionals.dropFirst()), values: parsed.values)
        if let provider = request.provider, try host.registry.provider(named: provider) == nil {
            var message = "unknown provider '\(provider)'"
            if let near = NearestName.suggest(provider, among: host.registry.compiledNames) { message += "; did you mean '\(near)'?" }
            throw UsageError(message)
        }
        let path = try AppPaths(variables: host.environment.variables, databaseFlag: options.databasePath).databaseLocation()
        let layout = host.registry.storeLayout
        let store = try StoreOpener.openForReading(path: path, providers: host.registry.compiled, shared: layout.sharedMigrations)
        let source = try ExportSource(store: store, layout: layout, request: request)
        let file = try request.output.map { try ExportFile(replacing: $0, regularOnly: request.format == .sqlite) }
        let count: Int
        do {
            count = try Self.interruptible { interrupted in
                try export(source, request: request, to: file, interrupted: interrupted)
            }
        } catch let failure as ExportDatabase.WriteFailure {
            throw CLIError("could not write \(file?.path ?? "the export"): \(failure.reason)", exitCode: .ioError)
        }
        if let file {
            try file.commit()
            let noun = request.everyVersion ? "version" : "item"
            Messages(environment: host.environment, options: options).notice(
                "exported \(count) \(noun)\(count == 1 ? "" : "s") to \(file.path)")
        }
        return .success
    }

    /// Writes every row of `source` in the requested form; how many.
    private func export(
        _ source: ExportSource, request: ExportRequest, to file: ExportFile?, interrupted: Interruption
    ) throws -> Int {
        var count = 0
        if request.format == .sqlite, let file {
            try ExportDatabase.write(source, everyVersion: request.everyVersion, at: file.temporary) {
                try interrupted.check()
                count += 1
            }
            return count
        }
        let console = file?.console(errors: host.environment.console) ?? host.environment.console
        let csv = request.format == .csv
        try OutputWriter.writing(to: console) { out in
            if csv { ExportLines.writeCSVHeader(to: &out) }
            do {
                try source.forEachRow { row in
                    if csv { ExportLines.writeCSV(row, to: &out) } else { ExportLines.writeJSON(row, to: &out) }
                    count += 1
                    out.pieceDone()
                    try interrupted.check()
                    // The reader went away or the disk is full: reading on would be for nothing.
                    if console.outputFailure != nil { throw Stopped() }
                }
            } catch is Stopped {
                // stdout's failure is the host's to report: a closed pipe quietly, anything else as exit 74.
            }
        }
        if let file, case let .failed(reason)? = console.outputFailure {
            throw CLIError("could not write \(file.path): \(reason)", exitCode: .ioError)
        }
        return count
    }

    private struct Stopped: Error {}

    /// Ctrl-C while rows are written: the export stops at the next row and its file is removed (exit 130).
    final class Interruption: Sendable {
        private let flag = Mutex(false)

        func set() { flag.withLock { $0 = true } }

        func check() throws {
            if flag.withLock({ $0 }) {
                throw CLIError("export interrupted; no file was written, and the store is unchanged", exitCode: .interrupted)
            }
        }
    }

    /// Runs `body` with SIGINT setting an ``Interruption`` instead of ending the process.
    static func interruptible<R>(_ body: (Interruption) throws -> R) throws -> R {
        let interruption = Interruption()
        return try CtrlC.handled(by: { interruption.set() }) { try body(interruption) }
    }
}
