import ProviderFiles

extension ProviderSource {
    /// The providers folder, `$XDG_CONFIG_HOME/apicli/providers`, served by the
    /// provider-files engine: its files cannot take the names of `compiled`
    /// providers, of built-in commands, or of global options. The folder's location is
    /// read from `environment` the first time the registry asks the folder anything
    /// (``DeferredCatalog``): a run that never does (`--version`, a compiled provider) pays nothing.
    public static func providerFiles(environment: HostEnvironment, compiled: [any Provider]) -> ProviderSource {
        .catalog(DeferredCatalog {
            let variables = environment.variables(named: AppPaths.variableNames)
            return ProviderFileCatalog(ProviderDirectory.standard(variables: variables, compiled: compiled))
        })
    }
}

extension ProviderDirectory {
    /// The folder the host reads provider files from, with the names they cannot take
    /// (the bundled files' among them).
    static func standard(variables: [String: String], compiled: [any Provider]) -> ProviderDirectory {
        var reserved = ProviderRegistry.reserved(compiled: compiled)
        reserved.commands.formUnion(BundledProviderFiles.names)
        return ProviderDirectory(path: AppPaths(variables: variables).providersDirectory, reserved: reserved)
    }
}

extension Host {
    /// The providers folder the `apicli provider …` commands manage.
    var providerDirectory: ProviderDirectory {
        .standard(variables: environment.variables, compiled: registry.compiled)
    }
}
