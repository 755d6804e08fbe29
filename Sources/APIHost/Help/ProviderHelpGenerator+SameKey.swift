extension ProviderHelpGenerator {
    /// `SAME KEY:`: the other providers that use this provider's key (`apicli help nyt` lists
    /// `nyt-top`, `nyt-books`…), and so spend its allowance; empty when the model holds none.
    static func sameKeySection(of provider: ProviderDescriptor, in model: CommandLineModel) -> String {
        let sharing = model.providers.filter { $0.name != provider.name && $0.credential?.keyOwner == provider.name }
        guard !sharing.isEmpty else { return "" }
        let intro = "These use \(provider.name)'s key and share its allowance ('\(model.programName) quota \(provider.name)'):"
        return "\nSAME KEY:\n" + HelpText.wrap(intro, indent: 2).joined(separator: "\n") + "\n"
            + HelpText.list(sharing.map { ($0.name, $0.summary) })
    }
}

extension Host {
    /// The model one provider's help page is made from: that provider, and those that use its
    /// key (the bundled ones always; the providers folder's from its catalog) when it has a key
    /// others may share. Other provider files stay unread.
    func helpModel(for descriptor: ProviderDescriptor) -> CommandLineModel {
        guard descriptor.credential != nil, descriptor.credential?.keyOwner == nil,
              registry.compiledProvider(named: descriptor.name) != nil
        else { return CommandLineModel(providers: [descriptor]) }
        let sharing = registry.entries.compactMap { try? $0.provider.get().descriptor }
            .filter { $0.credential?.keyOwner == descriptor.name }
        return CommandLineModel(providers: [descriptor] + sharing)
    }
}
