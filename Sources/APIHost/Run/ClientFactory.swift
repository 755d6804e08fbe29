/// Builds the HTTP client one provider runs with: the standard middleware chain
/// over the real transport (or the injected one), with the store-backed cache
/// and rate-limit ledger so that limits hold across processes.
enum ClientFactory {
    static func client(
        for descriptor: ProviderDescriptor, limits: [RateLimit], store: Store, environment: HostEnvironment,
        options: RunOptions
    ) -> HTTPClient {
        let messages = Messages(environment: environment, options: options)
        let console = environment.console
        let trace: (@Sendable (String) -> Void)? = options.verbose ? { @Sendable line in console.err("apicli: " + line + "\n") } : nil
        let notice: @Sendable (String) -> Void = { @Sendable text in messages.notice(text) }
        return HTTPClient.standard(
            transport: transport(environment),
            bucket: descriptor.name,
            limits: limits,
            // A store that cannot be written cannot share the allowance: this process keeps its own.
            ledger: store.isReadOnly ? InMemoryRateLimitLedger() : StoreRateLimitLedger(store: store),
            ttl: descriptor.cacheTTL,
            cacheStorage: StoreResponseCache(store: store, provider: descriptor.name),
            time: environment.time,
            trace: trace,
            notice: notice
        )
    }

    /// The injected transport, or the real one with apicli's name, body cap and extra CA.
    static func transport(_ environment: HostEnvironment) -> any ClientTransport {
        environment.transport
            ?? DefaultTransport(
                maxBodyBytes: maxBodyBytes(environment.variables), userAgent: "apicli/\(Host.version)",
                extraCAFile: environment.variables["APICLI_CA_FILE"])
    }

    /// `APICLI_MAX_BODY_MB` caps response bodies (default 32 MiB).
    static func maxBodyBytes(_ variables: [String: String]) -> Int {
        // Already checked by `RunOptions`: a bad value never gets this far.
        guard let megabytes = try? EnvironmentNumbers.maxBodyMegabytes(variables) else {
            return DefaultTransport.defaultMaxBodyBytes
        }
        return megabytes * 1024 * 1024
    }
}
