/// Opens the store and brings the host's and the given providers' schemas up to date.
enum StoreOpener {
    static func open(path: String, providers: [any Provider]) throws -> Store {
        let store: Store
        do {
            store = try Store(path: path)
        } catch let error as StoreError {
            throw CLIError(error.description + "; set --db or APICLI_DB to a writable file", exitCode: .configuration)
        }
        try HostSchema.migrate(store)
        for provider in providers {
            try store.migrate(owner: provider.descriptor.name, provider.migrations)
        }
        return store
    }
}
