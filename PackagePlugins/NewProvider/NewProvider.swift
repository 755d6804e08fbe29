import PackagePlugin

/// `swift package new-provider` — scaffolds a provider (filled in by issue 6).
@main
struct NewProvider: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        Diagnostics.error("new-provider is not implemented yet")
    }
}
