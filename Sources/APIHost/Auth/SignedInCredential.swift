/// The bearer token of a provider that signs in with OAuth2, for a run: what
/// ``CredentialLookup`` gives for such a provider, and the session that keeps it good.
///
/// Where the token comes from, first that has one: the key's variable (`<NAME>_API_KEY`,
/// a token from elsewhere, as a variable wins over stored settings), the token file
/// (`apicli auth login`), the `<name>.api-key` setting, and, when client credentials is
/// the file's only flow, a token asked for now.
extension CredentialLookup {
    static func signedIn(
        for descriptor: ProviderDescriptor, settings: Settings, environment: HostEnvironment, options: RunOptions
    ) async throws -> (credential: Credential?, session: OAuth2Session?) {
        guard let spec = descriptor.credential, let signIn = spec.oauth2 else {
            return (try credential(for: descriptor, settings: settings, offline: options.offline), nil)
        }
        if let value = settings.variables[spec.environmentVariable]?.trimmed(.whitespaces), !value.isEmpty {
            return (try credential(for: descriptor, settings: settings, offline: options.offline), nil)
        }
        let session = try OAuth2Session.make(for: descriptor, signIn: signIn, settings: settings, environment: environment, options: options)
        if let token = await session.current {
            return (Credential(placement: .bearer, value: token.accessToken), session)
        }
        if settings.apiKey(for: descriptor) != nil {
            return (try credential(for: descriptor, settings: settings, offline: options.offline), nil)
        }
        if options.offline || spec.optional { return (nil, nil) }
        // Only where client credentials is the flow a sign-in would run: a file that also offers a
        // user's flows acts for a user, and a run must not quietly act as the application instead.
        if signIn.preferred?.kind == .clientCredentials, settings.oauth2Client(for: descriptor)?.secret != nil {
            let token = try await session.usable()
            return (Credential(placement: .bearer, value: token.accessToken), session)
        }
        throw CLIError(
            "not signed in to \(descriptor.displayName): run 'apicli auth login \(descriptor.name)' "
                + "(or set \(spec.environmentVariable) to a token from elsewhere)",
            exitCode: .configuration)
    }
}

extension OAuth2Session {
    /// The session of `descriptor` with the settings' client and the config folder's token file.
    static func make(
        for descriptor: ProviderDescriptor, signIn: OAuth2SignIn, settings: Settings, environment: HostEnvironment, options: RunOptions
    ) throws -> OAuth2Session {
        let client = settings.oauth2Client(for: descriptor)
        let console = environment.console
        let endpoint = client.map {
            TokenEndpoint(
                provider: descriptor, client: $0, transport: ClientFactory.transport(environment), time: environment.time,
                timeout: options.timeout,
                trace: options.verbose ? { @Sendable line in console.err("apicli: " + line + "\n") } : nil)
        }
        let folder = PathText.folder(of: try AppPaths(variables: environment.variables).configFileLocation())
        return OAuth2Session(
            provider: descriptor, signIn: signIn, client: client, file: TokenFile(configFolder: folder), endpoint: endpoint,
            time: environment.time)
    }
}
