import APIHost

/// A provider's ``Capabilities`` hold together: item views start with the default one,
/// whose shape is ``Capabilities/items``, have distinct names, and choose one of
/// themselves for the conformance command line; a lookup is kept for some time; items
/// that age have a name. (That batch storing reads a page as `decode` does, and that
/// `jsonObjects` prints what `json` gives, is checked on every fixture.)
enum CapabilitiesChecks {
    static func failures<P: Provider>(of provider: P, command: ParsedCommand) -> [String] {
        let name = provider.descriptor.name
        let capabilities = provider.capabilities
        var failures: [String] = []
        if let views = capabilities.itemViews {
            if views.views.first?.shape != capabilities.items {
                failures.append("\(name): its first item view is the default one, so its shape must be `items`")
            }
            if Set(views.views.map(\.name)).count != views.views.count {
                failures.append("\(name): two item views share a name: \(views.views.map(\.name))")
            }
            do {
                let chosen = try views.choose(command)
                if !views.views.contains(chosen) {
                    failures.append("\(name): the command line chooses the view '\(chosen.name)', which is not one of its views")
                }
            } catch {
                failures.append("\(name): choosing the item view of \(command.arguments) failed: \(error)")
            }
        }
        if let lookup = capabilities.lookup, lookup.lifetime <= .zero {
            failures.append("\(name): a stored lookup is never young enough to reuse (lifetime \(lookup.lifetime))")
        }
        if let aging = capabilities.aging, aging.itemName.one.isEmpty || aging.itemName.many.isEmpty {
            failures.append("\(name): the items that age have no name for the stale notice")
        }
        return failures
    }
}
