#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Builds the HTTP client one provider runs with: the standard middleware chain
/// over the real transport (or the injected one), with the store-backed cache
/// and rate-limit ledger so that limits hold across processes.
enum ClientFactory {
    static func client(
        for descriptor: ProviderDescriptor, allowance: KeyAllowance, store: Store, environment: HostEnvironment,
        options: RunOptions, session: OAuth2Session? = nil
    ) -> HTTPClient {
        let messages = Messages(environment: environment, options: options)
        let console = environment.console
        let trace: (@Sendable (String) -> Void)? = options.verbose ? { @Sendable line in console.err("apicli: " + line + "\n") } : nil
        let notice: @Sendable (String) -> Void = { @Sendable text in messages.notice(text) }
        let client = HTTPClient.standard(
            transport: transport(environment),
            bucket: allowance.bucket,
            limits: allowance.limits,
            // A store that cannot be written cannot share the allowance: this process keeps its own.
            ledger: store.isReadOnly ? InMemoryRateLimitLedger() : StoreRateLimitLedger(store: store),
            ttl: descriptor.cacheTTL,
            cacheStorage: StoreResponseCache(store: store, provider: descriptor.name),
            time: environment.time,
            trace: trace,
            notice: notice
        )
        var middlewares = client.middlewares
        if let session, let cache = middlewares.firstIndex(where: { $0 is CacheMiddleware }) {
            // Inside the cache, outside retry and rate limit: see ``BearerTokenMiddleware``.
            middlewares.insert(BearerTokenMiddleware(session: session), at: cache + 1)
        }
        if let watch = environment.clientWatch, !middlewares.isEmpty { middlewares.insert(watch, at: 1) }
        return HTTPClient(transport: client.transport, middlewares: middlewares)
    }

    /// The injected transport, or the real one with apicli's name, body cap and extra CA.
    static func transport(_ environment: HostEnvironment) -> any ClientTransport {
        environment.transport
            ?? DefaultTransport(
                maxBodyBytes: maxBodyBytes(environment.variables), userAgent: "apicli/\(Host.version)",
                extraCAFile: environment.variables["APICLI_CA_FILE"])
    }

    /// Refuses an `APICLI_CA_FILE` that names no readable file (78), before anything is sent.
    ///
    /// Found only by the transport, a missing file was a failure to connect, so the stored
    /// results were shown with exit 0: a configuration mistake dressed as a network fault.
    /// An empty value is no extra file, as with the other `APICLI_*` variables.
    static func checkCAFile(_ variables: [String: String]) throws {
        guard let file = variables["APICLI_CA_FILE"], !file.isEmpty else { return }
        guard FileManager.default.fileExists(atPath: file), !FolderCheck.isFolder(atPath: file),
              FileManager.default.isReadableFile(atPath: file)
        else {
            throw CLIError(
                "APICLI_CA_FILE names \(file), which is not a readable file; give a PEM file of certificate authorities, or unset it",
                exitCode: .configuration)
        }
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
