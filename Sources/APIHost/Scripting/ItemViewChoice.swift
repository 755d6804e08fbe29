/// Which kind of item a run prints, for a provider whose command line chooses
/// it (its ``ItemViews``: weather's `--daily`, `--now`, `--air`), and the
/// check that `--fields` and `--template` name fields of that view.
///
/// A field that the chosen view lacks but another view has is a usage error
/// naming the view it belongs to: `--daily --fields local_time` never quietly
/// prints steps instead of days.
struct ItemViewChoice: Sendable {
    /// The chosen view's shape: what ``ItemReader`` reads.
    let shape: ItemShape
    /// The chosen view, and every other view, for messages; empty for a provider with one view.
    let chosen: ItemView?
    let others: [ItemView]

    /// The view `command` asks of a provider with these capabilities, or its one shape.
    init<P: Provider>(_ capabilities: Capabilities<P>, command: ParsedCommand) throws {
        guard let viewing = capabilities.itemViews else {
            shape = capabilities.items
            chosen = nil
            others = []
            return
        }
        let view = try viewing.choose(command)
        shape = view.shape
        chosen = view
        others = viewing.views.filter { $0 != view }
    }

    /// The declared field names of the chosen view.
    var declaredFields: [String] { shape.meanings.map(\.name) }

    /// Throws a usage error for the first of `names` that only another view has.
    func checkBelongs(_ names: [String], option: String) throws {
        guard let chosen else { return }
        let declared = declaredFields
        for name in names where !FieldSelection.isAvailable(name, in: declared) {
            guard let home = others.first(where: { FieldSelection.isAvailable(name, in: $0.shape.meanings.map(\.name)) })
            else { continue }
            let how = home.options.isEmpty ? "leave out \(chosen.options)" : "add \(home.options)"
            throw UsageError(
                "\(option): '\(name)' is a field of \(home.name), not of \(chosen.name); \(how), "
                    + "or see '--fields help' for the fields of this view")
        }
    }
}
