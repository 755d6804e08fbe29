#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apicli harvest`: a long pull that keeps within the key's allowance and resumes.
///
///     apicli harvest nyt-archive --from 2019-01 --to 2019-12 [--wait]
///     apicli harvest nyt WORDS --from 2019-01-01 --to 2019-12-31 [--fq FILTER] [--wait]
///     apicli harvest NAME [OPERATION] [ARGS…] [--since-last FIELD] [-- OPTIONS…] [--wait]
///     apicli harvest --resume [JOB] [--wait]
///     apicli harvest --list
struct HarvestHandler: BuiltinCommandHandler {
    let host: Host
    let command: BuiltinCommand

    static let specs: [OptionSpec] = [
        .value("from", valueName: "WHEN", help: "The first month (YYYY-MM, nyt-archive) or day (YYYY-MM-DD, nyt)."),
        .value("to", valueName: "WHEN", help: "The last month or day, included."),
        .value("fq", valueName: "FILTER", help: "nyt: a filter query, sent as given."),
        .flag("resume", help: "Go on with the newest unfinished job, or the one named (apicli harvest --resume 3)."),
        .flag("list", help: "List the harvest jobs: what was asked, slices done, items, last error."),
        .flag("wait", help: "When the day's budget is used, wait until it frees and go on (else stop, exit 75)."),
        .value(
            "since-last", valueName: "FIELD",
            help: "NAME: only what is newer than the last harvest of the same command, by FIELD of the items as ndjson prints them (an id or a time)."),
    ]

    func run(_ words: [String]) async throws -> ExitCode {
        let parsed = try CommandLineParser(options: GlobalOptions.specs + Self.specs).parse(words)
        let options = try RunOptions(parsed.values, variables: host.environment.variables)
        if parsed.values["help"] == "true" {
            host.environment.console.out(BuiltinHelpGenerator.help(for: command, action: nil))
            return .success
        }
        let paths = AppPaths(variables: host.environment.variables, databaseFlag: options.databasePath)
        let database = try paths.databaseLocation()
        let store = try StoreOpener.open(path: database, providers: [], intent: .create(folder: !paths.databaseIsNamed))
        try AllowanceSchema.migrate(store)
        let time = HarvestClock.time(host.environment.variables, real: host.environment.time)
        if parsed.values["list"] == "true" { return try list(store) }
        let job: HarvestJob
        if parsed.values["resume"] == "true" {
            job = try resumed(parsed.positionals.first, store: store)
        } else {
            job = try start(parsed, store: store, now: time.now())
        }
        guard let provider = try host.registry.provider(named: job.provider) else {
            throw UsageError("no provider named '\(job.provider)' (see 'apicli providers')")
        }
        let settings = try host.loadSettings()
        let allowance = try KeyAllowance.of(
            provider.descriptor, keyOwner: host.keyOwner(of: provider.descriptor), variables: host.environment.variables)
        let run = HarvestRun(
            host: host, store: store, job: job, wait: parsed.values["wait"] == "true", quiet: options.quiet,
            allowance: allowance, reservePercent: try KeyUsage.reservePercent(settings), time: time)
        switch try await run.run() {
        case .finished:
            let slices = try job.slices(in: store)
            let failed = slices.filter { $0.state == "failed" }
            let items = slices.reduce(0) { $0 + $1.items }
            host.environment.console.err("apicli: harvest \(job.id) finished: \(slices.count - failed.count) of \(slices.count) done, \(items) items"
                + (failed.isEmpty ? "" : "; failed: " + failed.map { "\($0.key) (\($0.lastError ?? "?"))" }.joined(separator: ", ")) + "\n")
            return failed.isEmpty ? .success : .dataError
        case let .budgetUsed(until):
            try job.setState("waiting for budget", now: time.now(), in: store)
            Messages(environment: host.environment, options: options).error(
                "harvest \(job.id) stopped: the day's budget of \(allowance.bucket)'s key for harvests is used (the reserve stays for interactive use); "
                    + "it can go on at \(HarvestRun.clockTime(until)) UTC: 'apicli harvest --resume \(job.id)' (or --wait)")
            return .temporaryFailure
        }
    }

    private func start(_ parsed: CommandLineParser.Result, store: Store, now: Date) throws -> HarvestJob {
        guard let name = parsed.positionals.first else { throw UsageError(Self.usage) }
        // `nyt WORDS` without dates is harvested page by page, as any paged command.
        let dated = parsed.values["from"] != nil || parsed.values["to"] != nil
        if name != "nyt-archive" && (name != "nyt" || (!dated && parsed.values["fq"] == nil)) {
            return try HarvestPages.start(parsed, host: host, store: store, now: now)
        }
        guard let from = parsed.values["from"], let to = parsed.values["to"] else {
            throw UsageError("harvest \(name) needs --from and --to; " + Self.usage)
        }
        var request = parsed.positionals
        for option in ["from", "to", "fq"] { if let value = parsed.values[option] { request += ["--" + option, value] } }
        switch name {
        case "nyt-archive":
            guard parsed.positionals.count == 1 else { throw UsageError("harvest nyt-archive takes no words; " + Self.usage) }
            return try HarvestJob.create(provider: name, request: request, slices: try HarvestPlan.months(from: from, to: to), now: now, in: store)
        case "nyt":
            guard parsed.positionals.count > 1 else { throw UsageError("harvest nyt needs words to search for; " + Self.usage) }
            guard let first = HarvestPlan.day(from), let last = HarvestPlan.day(to) else {
                throw UsageError("--from and --to are days, YYYY-MM-DD")
            }
            guard first <= last else { throw UsageError("--from \(from) is after --to \(to)") }
            return try HarvestJob.create(provider: name, request: request, slices: [HarvestPlan.range(first, last)], now: now, in: store)
        default:
            throw UsageError(Self.usage)
        }
    }

    private func resumed(_ word: String?, store: Store) throws -> HarvestJob {
        if let word {
            guard let id = Int64(word), let job = try HarvestJob.load(id, in: store) else {
                throw UsageError("no harvest job \(word); see 'apicli harvest --list'")
            }
            return job
        }
        guard let job = try HarvestJob.all(in: store).last(where: { $0.state != "done" && $0.state != "finished with failures" }) else {
            throw UsageError("no unfinished harvest to resume; see 'apicli harvest --list'")
        }
        return job
    }

    private func list(_ store: Store) throws -> ExitCode {
        var out = ""
        for job in try HarvestJob.all(in: store) {
            let slices = try job.slices(in: store)
            let done = slices.filter { $0.state == "done" }.count
            let failed = slices.filter { $0.state == "failed" }.count
            out += "\(job.id)  \(job.state)  apicli harvest \(job.request.joined(separator: " "))\n"
            out += "    \(done) of \(slices.count) done" + (failed > 0 ? ", \(failed) failed" : "") + ", \(job.items) items"
                + (job.lastError.map { "; last error: " + $0 } ?? "") + "\n"
        }
        host.environment.console.out(out.isEmpty ? "no harvest jobs\n" : out)
        return .success
    }

    static let usage = "usage: apicli harvest nyt-archive --from YYYY-MM --to YYYY-MM | nyt WORDS --from DATE --to DATE [--fq F]"
        + " | NAME [OPERATION] [ARGS…] [--since-last FIELD] [-- OPTIONS…] | --resume [JOB] | --list [--wait]"
}
