/// Builds the HTTP client one provider runs with: the standard middleware chain
/// over the real transport (or the injected one), with the store-backed cache
/// and rate-limit ledger so that limits hold across processes.
enum ClientFactory {
    static func client(
        for descriptor: ProviderDescriptor, store: Store, environment: HostEnvironment, options: RunOptions
    ) -> HTTPClient {
        let messages = Messages(environment: environment, options: options)
        let console = environment.console
        let trace: (@Sendable (String) -> Void)? = options.verbose ? { @Sendable line in console.err("apicli: " + line + "\n") } : nil
        let notice: @Sendable (String) -> Void = { @Sendable text in messages.notice(text) }
        let transport: any ClientTransport = environment.transport
            ?? DefaultTransport(
                maxBodyBytes: maxBodyBytes(environment.variables), userAgent: "apicli/\(Host.version)",
                extraCAFile: environment.variables["APICLI_CA_FILE"])
        return HTTPClient.standard(
            transport: transport,
            bucket: descriptor.name,
            limits: descriptor.rateLimits,
            ledger: StoreRateLimitLedger(store: store),
            ttl: descriptor.cacheTTL,
            cacheStorage: StoreResponseCache(store: store, provider: descriptor.name),
            time: environment.time,
            trace: trace,
            notice: notice
        )
    }

    /// `APICLI_MAX_BODY_MB` caps response bodies (default 32 MiB).
    static func maxBodyBytes(_ variables: [String: String]) -> Int {
        guard let text = variables["APICLI_MAX_BODY_MB"], let megabytes = Int(text), megabytes > 0 else {
            return DefaultTransport.defaultMaxBodyBytes
        }
        return min(megabytes, 4096) * 1024 * 1024
    }
}
