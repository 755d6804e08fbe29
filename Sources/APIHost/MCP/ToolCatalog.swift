import APICore

/// Every tool `apicli mcp` offers: one per provider command (each operation of a provider
/// that has them), then the store's three. Made once, when the server starts, from the
/// same command model as help and completions.
struct ToolCatalog: Sendable {
    var providerTools: [ProviderTool]
    /// Write operations left out because `--allow-writes` was not given.
    var withheldWrites: [String]

    /// Whether an operation changes something at the API: what the operation declares
    /// (GET, HEAD and a POST the document or the user calls a read are reads).
    typealias WriteTest = @Sendable (ProviderDescriptor, OperationSpec?) -> Bool

    static let declared: WriteTest = { _, operation in operation.map { !$0.isRead } ?? false }

    init(providers: [ProviderDescriptor], allowWrites: Bool, isWrite: WriteTest = ToolCatalog.declared) {
        var tools: [ProviderTool] = []
        var withheld: [String] = []
        var taken = Set(StoreTool.allCases.map(\.rawValue))
        for descriptor in providers {
            let commands: [(OperationSpec?, ProviderDescriptor)] = descriptor.operations.isEmpty
                ? [(nil, descriptor)] : descriptor.operations.map { ($0, descriptor.narrowed(to: $0)) }
            for (operation, narrowed) in commands {
                var name = ProviderTool.toolName(provider: descriptor.name, operation: operation?.name)
                while !taken.insert(name).inserted { name += "_" }
                let write = isWrite(descriptor, operation)
                if write && !allowWrites {
                    withheld.append(name)
                    continue
                }
                tools.append(ProviderTool(
                    name: name, provider: descriptor.name, operation: operation?.name, descriptor: narrowed,
                    summary: operation?.summary ?? descriptor.summary, isWrite: write))
            }
        }
        self.providerTools = tools
        self.withheldWrites = withheld
    }

    func tool(named name: String) -> ProviderTool? {
        providerTools.first { $0.name == name }
    }

    /// The `tools/list` result: every tool, in one page, with how long a client may keep
    /// it (2026-07-28): a minute, since a provider file added meanwhile shows at the next start;
    /// private, since it lists this user's providers.
    var listing: JSONValue {
        .object([
            .init("tools", .array(providerTools.map(\.listing) + StoreTool.allCases.map(\.listing))),
            .init("ttlMs", .int(Self.listingTTLMilliseconds)),
            .init("cacheScope", "private"),
        ])
    }

    static let listingTTLMilliseconds: Int64 = 60_000
}
