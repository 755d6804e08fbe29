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
        (registry.providers + providerDirectory.loadable).sorted { $0.descriptor.name < $1.descriptor.name }
    }
}
