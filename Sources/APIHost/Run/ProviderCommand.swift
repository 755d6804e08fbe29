#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// `apicli <provider> …`: parses the provider's part of the command line, runs
/// every query (concurrently, bounded), prints the results in the order asked
/// and each failure on its own line, and returns the worst exit code.
struct ProviderCommand<P: Provider>: Sendable {
    let provider: P
    /// The operation chosen, for a provider that has operations.
    var operation: OperationSpec? = nil
    /// The compiled provider whose key this one uses (`nyt` for `nyt-top`), for its allowance and base URL.
    var keyOwner: ProviderDescriptor? = nil
    let environment: HostEnvironment
    let settings: Settings
    let options: RunOptions
    /// How many queries run at once (`apicli weather` with many cities).
    let parallelism = 8

    func run(_ parsed: CommandLineParser.Result) async throws -> ExitCode {
        let descriptor = provider.descriptor
        // Read once: the provider makes the value each time it is asked.
        let capabilities = provider.capabilities
        try OptionValueCheck.checkConfigured(parsed, of: provider, settings: settings)
        var format = options.format
        let script = try ScriptOptions(parsed.values, format: &format)
        var command = try settings.resolve(parsed, for: operation.map(descriptor.narrowed) ?? descriptor)
        command.operation = operation?.name
        command.drawsView = format == .table && script.fields == nil && script.template == nil && environment.stdoutIsTerminal
        let view = try ItemViewChoice(capabilities, command: command)
        let declaredFields = view.declaredFields
        if script.fieldsHelp, !declaredFields.isEmpty {
            let others = view.shape.otherFields.map { "\n" + TerminalSanitizer.clean($0, keepingNewlines: true) + "\n" }
            environment.console.out(FieldHelp.text(view.shape.meanings) + (others ?? ""))
            return .success
        }
        try view.checkBelongs(script.fields?.names ?? [], option: "--fields")
        try view.checkBelongs(script.template?.fieldNames ?? [], option: "--template")
        if !declaredFields.isEmpty, view.shape.otherFields == nil { try script.fields?.check(against: declaredFields) }
        let queries = try provider.queries(from: command)
        // Queries the store alone answers send nothing, so they need no key.
        let storeOnly = capabilities.storeOnly.map { only in !queries.isEmpty && queries.allSatisfy(only.answers) } ?? false
        let (credential, session) = try await credential(storeOnly: storeOnly)
        let headers = try HeaderOptions.headers(for: operation.map(descriptor.narrowed) ?? descriptor, command: command)
        let baseURL = try settings.baseURL(for: descriptor, keyOwner: keyOwner)
        if !options.offline { try ClientFactory.checkCAFile(environment.variables) }
        let paths = AppPaths(variables: environment.variables, databaseFlag: options.databasePath)
        let database = try paths.databaseLocation()
        // A store about to be made holds no cached answer: a request will follow, so libcurl
        // loads while the store is created (its writes wait on the disk).
        if !options.offline, environment.transport == nil, !FileManager.default.fileExists(atPath: database) {
            DefaultTransport.startLoading()
        }
        let store = try StoreOpener.open(path: database, providers: [provider], intent: .create(folder: !paths.databaseIsNamed))
        let allowance = try KeyAllowance.of(descriptor, keyOwner: keyOwner, variables: environment.variables)
        let client = ClientFactory.client(
            for: descriptor, allowance: allowance, store: store, environment: environment, options: options, session: session)
        let unicode = TerminalSize.isUnicodeLocale(environment.variables)
        let drawsProgress = ProgressIndicator.isAllowed(
            stderrIsTerminal: environment.stderrIsTerminal, quiet: options.quiet, variables: environment.variables)
        let progress = ProgressIndicator(console: environment.console, enabled: drawsProgress, unicode: unicode)
        let paging = capabilities.paging.map(PagePlan.init) ?? .onePage
        let batching = capabilities.batchStoring.map(BatchPlan.init)
        var runner = QueryRunner(
            provider: provider, client: client, store: store, baseURL: baseURL, credential: credential,
            options: options, time: environment.time, progress: progress, paging: paging,
            capabilities: capabilities, batching: batching, trace: writeTrace)
        runner.headers = headers.headers
        if command.values["dry-run"] == "true", let first = queries.first {
            // Any operation that declares --dry-run: the first request, shown, nothing sent.
            let request = HTTPRequest(
                endpoint: provider.request(for: first, page: 0), baseURL: baseURL, headers: headers.headers, credential: credential)
            environment.console.out(RequestDisplay.text(request))
            return .success
        }
        if let first = queries.first, case let endpoint = provider.request(for: first, page: 0), !endpoint.isRead {
            let request = HTTPRequest(endpoint: endpoint, baseURL: baseURL, headers: headers.headers, credential: credential)
            let wording = FailureWording(descriptor: descriptor, now: environment.time.now())
            return try await OperationWrite(descriptor: descriptor, environment: environment, options: options).run(
                request, command: command, client: client, store: store) { response in
                StatusReading.failure(status: response.status, path: request.path, wording: wording).error
            }
        }

        let messages = Messages(environment: environment, options: options)
        if !options.offline {
            for option in headers.unset { messages.notice(HeaderOptions.notice(option, of: descriptor)) }
        }
        if store.isReadOnly && !options.offline {
            // A file apicli may write that still opened read-only failed to write: a full disk, most likely.
            let folder = PathText.folder(of: database)
            let writable = FileManager.default.isWritableFile(atPath: database)
                && FileManager.default.isWritableFile(atPath: folder.isEmpty ? "." : folder)
            let why = writable ? "could not be written (is the disk full?)" : "is read-only"
            messages.warning("the store at \(database) \(why): results are shown but not stored")
        }
        if settings.config.isReadableByOthers {
            messages.warning("\(settings.config.path) holds keys and is readable by others; run 'chmod 600 \(settings.config.target)'")
        }
        // `--changed` tells items apart by their whole content, so a changed item is one the store had not seen.
        let shape = script.onlyChanged ? view.shape.comparingContent : view.shape
        let seen = script.onlyNew || script.onlyChanged
            ? try ItemOutput.storedKeys(
                of: provider, shape: shape, for: queries, in: store, scripting: script.picksFields(format)) : nil
        // A server may quote the key back in an error body; it never reaches the terminal.
        let redact: @Sendable (String) -> String = { text in
            credential.map { text.replacingAll($0.value, with: "***") } ?? text
        }
        // One fresh answer that streams is printed as soon as it is decoded, while the store
        // finishes it (``EarlyOutput``): not with several queries (printed in order, after all),
        // nor while a progress line is drawn on the terminal. In JSON, NDJSON and CSV it is
        // printed as it is decoded, into a spool, so that its items are not held (``SpooledAnswer``).
        // Made only if the answer streams (a body past a MiB): a small answer makes none of it.
        var output: ItemOutput<P>?
        var early: MadeOnDemand<EarlyOutput<P.Response>>?
        if !options.offline, queries.count == 1, !script.fieldsHelp, !drawsProgress, batching?.streamPage != nil {
            let made = itemOutput(script: script, format: format, shape: shape, unicode: unicode, capabilities: capabilities)
            let console = environment.console
            output = made
            let warn: @Sendable (String) -> Void = { messages.warning(redact($0)) }
            let folder = environment.variables["TMPDIR"] ?? ""
            let trace = writeTrace
            early = MadeOnDemand {
                if let spooled = SpooledAnswer(output: made, folder: folder) {
                    return EarlyOutput(trace: trace, warn: warn, piece: { spooled.write($0) }) { last in
                        try spooled.print(last: last, to: console)
                    }
                }
                return EarlyOutput(trace: trace, warn: warn) { response in
                    try OutputWriter.writing(to: console) { out in
                        try made.write([response], seen: seen, to: &out, notice: { messages.notice($0) })
                    }
                }
            }
            runner.early = early
        }
        // A loop, not `reduce`, and closures, not key paths, below: this type is generic over the
        // provider and not specialised, so each generic call or key path looks its types up at run
        // time, which adds up in a run as short as `weather Paris --offline`.
        var requests = 0
        for query in queries { requests += max(1, paging.count(query)) }
        if !options.offline, let pacing = PacingEstimate.notice(
            requests: requests, descriptor: descriptor, limits: allowance.limits, timeout: options.timeout, onTerminal: environment.stderrIsTerminal)
        {
            messages.notice(pacing)
        }
        progress.start("fetching from \(descriptor.displayName)", total: requests)
        let outcomes = await runAll(queries, runner: runner)
        progress.finish()
        let printedEarly = early?.ifMade?.finish()
        // Several queries failing to store for one reason say so once; the page's own, said before it was printed, not again.
        var warned = Set((early?.ifMade?.warningsSaid ?? []).map(redact))
        var responses: [P.Response] = []
        for outcome in outcomes {
            for warning in outcome.warnings {
                let text = redact(warning)
                if warned.insert(text).inserted { messages.warning(text) }
            }
            if let response = outcome.response { responses.append(response) }
        }
        var printed = 0
        if let printedEarly {
            // The answer is on stdout already; what the run says of it follows.
            printed = try printedEarly.get()
        } else if !responses.isEmpty {
            let console = environment.console
            if script.fieldsHelp {
                let elements = capabilities.scriptingElements?(responses) ?? provider.json(responses)
                console.out(FieldHelp.text(FieldHelp.observed(Array(ItemReader(shape: view.shape).items(in: elements)))))
                return worstCode(outcomes, messages: messages, redact: redact)
            }
            let output = output
                ?? itemOutput(script: script, format: format, shape: shape, unicode: unicode, capabilities: capabilities)
            printed = try OutputWriter.writing(to: console) { out in
                try output.write(responses, seen: seen, to: &out, notice: { messages.notice($0) })
            }
        }
        let worst = worstCode(outcomes, messages: messages, redact: redact)
        if script.failEmpty, worst == .success, printed == 0 {
            messages.notice(script.onlyChanged ? "nothing changed" : script.onlyNew ? "nothing new" : "nothing to print")
            return .empty
        }
        return worst
    }

    /// How the results are printed: the format, and the terminal stdout is, if it is one.
    private func itemOutput(
        script: ScriptOptions, format: OutputFormat, shape: ItemShape, unicode: Bool, capabilities: Capabilities<P>
    ) -> ItemOutput<P> {
        let terminal = Terminal(
            width: TerminalSize.columns(variables: environment.variables, isTerminal: environment.stdoutIsTerminal),
            color: options.useColor(isTerminal: environment.stdoutIsTerminal, variables: environment.variables),
            unicode: unicode,
            wide: options.wide)
        return ItemOutput(
            provider: provider, script: script, format: format, terminal: terminal, shape: shape, capabilities: capabilities)
    }

    /// Prints each failure, last, where a terminal user sees them after the results
    /// that did arrive, and returns the worst exit code.
    private func worstCode(
        _ outcomes: [QueryOutcome<P.Response>], messages: Messages, redact: (String) -> String
    ) -> ExitCode {
        var worst = ExitCode.success
        var unstored = false
        for outcome in outcomes {
            unstored = unstored || outcome.unstored
            guard let error = outcome.error else { continue }
            messages.error(redact(error.message))
            worst = max(worst, error.exitCode)
        }
        // Shown but not kept: the warning said why; the code tells a script (see ``QueryOutcome/unstored``).
        if unstored { worst = max(worst, .ioError) }
        return worst
    }

    /// `--verbose` lines about the store's write transactions.
    private var writeTrace: (@Sendable (String) -> Void)? {
        guard options.verbose else { return nil }
        let console = environment.console
        return { @Sendable line in console.err("apicli: " + line + "\n") }
    }

    /// The key, or exit 78 saying how to set it — unless `--offline` or a query the store
    /// alone answers needs none, or the operation is one the API answers without a key.
    /// A provider that signs in with OAuth2 gets its token and the session that renews it.
    private func credential(storeOnly: Bool) async throws -> (Credential?, OAuth2Session?) {
        let descriptor = operation.map(provider.descriptor.narrowed) ?? provider.descriptor
        if storeOnly { return (try CredentialLookup.credential(for: descriptor, settings: settings, offline: true), nil) }
        return try await CredentialLookup.signedIn(for: descriptor, settings: settings, environment: environment, options: options)
    }

    /// Runs the queries at most `parallelism` at a time and returns outcomes in query order.
    ///
    /// One query runs where the command runs, on the main thread: a task group's child would
    /// start the concurrency runtime's worker threads for a run that has nothing to overlap
    /// (docs/design/0027-run-on-the-main-thread.md).
    private func runAll(_ queries: [P.Query], runner: QueryRunner<P>) async -> [QueryOutcome<P.Response>] {
        if queries.count == 1 { return [await runner.run(queries[0])] }
        var outcomes = [QueryOutcome<P.Response>?](repeating: nil, count: queries.count)
        await withTaskGroup(of: (Int, QueryOutcome<P.Response>).self) { group in
            var next = 0
            func startNext() {
                guard next < queries.count else { return }
                let index = next
                let query = queries[index]
                next += 1
                // On the pool, whatever executor the run itself has (the binary's is the main thread).
                group.addTask(executorPreference: globalConcurrentExecutor) { (index, await runner.run(query)) }
            }
            for _ in 0..<min(parallelism, queries.count) { startNext() }
            for await (index, outcome) in group {
                outcomes[index] = outcome
                startNext()
            }
        }
        var done: [QueryOutcome<P.Response>] = []
        done.reserveCapacity(outcomes.count)
        for case let outcome? in outcomes { done.append(outcome) }
        return done
    }
}
