/// The registry the commands see: the compiled providers and, read lazily, the
/// provider files. A compiled provider never touches the providers folder.
extension Host {
    var providerDirectory: ProviderDirectory {
        ProviderDirectory(
            variables: environment.variables, reserved: Set(registry.names + BuiltinCommand.all.map(\.name)))
    }

    /// A compiled provider, else the file `<name>.json`; a broken file is exit 78 naming the field and line.
    func provider(named name: String) throws -> (any Provider)? {
        if let compiled = registry.provider(named: name) { return compiled }
        return try fileProvider(named: name)
    }

    /// The provider file `<name>.json`, if there is one.
    func fileProvider(named name: String) throws -> (any Provider)? {
        do {
            return try providerDirectory.provider(named: name)
        } catch {
            throw error.cliError
        }
    }

    /// Every provider that can run, by name: compiled ones and every file that loads.
    var allProviders: [any Provider] {
        providers(from: providerDirectory.entries())
    }

    /// The compiled providers and those of the `entries` that load, by name.
    private func providers(from entries: [ProviderDirectory.Entry]) -> [any Provider] {
        (registry.providers + entries.compactMap { try? $0.result.get() }).sorted { $0.descriptor.name < $1.descriptor.name }
    }

    /// The one description help, completions and the man page are generated from:
    /// every provider that can run, and the names of the provider files (broken
    /// ones too, which `provider check` and `remove` are for). The folder is read once.
    var model: CommandLineModel {
        let directory = providerDirectory
        let entries = directory.entries()
        let files = entries.map(\.name).filter { !directory.reserved.contains($0) && ProviderFileReader.isValidName($0) }
        return CommandLineModel(
            version: Self.version, providers: providers(from: entries).map(\.descriptor), fileProviders: files,
            plugins: executablePlugins(files: entries.map { ($0.name, $0.path) }))
    }
}
