/// A provider whose command line chooses what an item is (weather: a 3-hour
/// step, a day with `--daily`, the current conditions with `--now`, an hour of
/// air quality with `--air`), so that `--fields`, `--template`, `--fields help`
/// and `--new` follow the view asked for instead of one fixed shape.
///
/// The host asks once per run, before anything is fetched, which view the
/// command line chooses; it checks `--fields` and `--template` against that
/// view's fields, and a field that only another view has is a usage error that
/// names that view (never a quiet change of view). ``Provider/items`` stays
/// the shape of the default view.
public protocol ItemViewsProvider: Provider {
    /// Every view, the default first.
    var itemViews: [ItemView] { get }

    /// The view `command` asks for: one of ``itemViews``. Throws ``UsageError``
    /// for options that do not go together (`--now --daily`).
    func itemView(for command: ParsedCommand) throws -> ItemView
}

/// One way of reading a provider's output as items, and how a user asks for it.
public struct ItemView: Sendable, Hashable {
    /// How a user chooses it, for messages: `--daily`, `--air --daily`; for the
    /// default view, what it shows (`the 3-hour steps`).
    public var name: String
    /// The options that choose it, as a user adds them (`--daily`); empty for the default view.
    public var options: String
    public var shape: ItemShape

    public init(name: String, options: String = "", shape: ItemShape) {
        self.name = name
        self.options = options
        self.shape = shape
    }
}
