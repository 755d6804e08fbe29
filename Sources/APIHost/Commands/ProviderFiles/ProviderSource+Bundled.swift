import ProviderFiles

extension ProviderSource {
    /// The provider files compiled into apicli (NYT's family: `nyt-top`, `nyt-books`…), after the
    /// compiled providers and before the providers folder, whose files cannot take their names.
    /// Made the first time the registry asks it anything, as the folder is.
    public static func bundledFiles(compiled: [any Provider]) -> ProviderSource {
        .catalog(DeferredCatalog { BundledCatalog(reserved: ProviderRegistry.reserved(compiled: compiled)) })
    }
}

extension Host {
    /// The bundled provider file `name`, read and checked; nil when none is bundled by that name.
    func bundledFile(named name: String) throws -> (file: ProviderFile, bundled: BundledProviderFile)? {
        guard registry.compiledProvider(named: name) == nil, let bundled = BundledProviderFiles.file(named: name) else { return nil }
        let catalog = BundledCatalog(reserved: ProviderRegistry.reserved(compiled: registry.compiled))
        do {
            guard let file = try catalog.file(named: name) else { return nil }
            return (file, bundled)
        } catch {
            throw CLIError(error.description, exitCode: .configuration)
        }
    }
}
