/// The kinds of item a provider's command line chooses between (weather: a 3-hour
/// step, a day with `--daily`, the current conditions with `--now`, an hour of air
/// quality with `--air`), so that `--fields`, `--template`, `--fields help` and
/// `--new` follow the view asked for instead of one fixed shape: a provider's
/// ``Capabilities/itemViews``.
///
/// The host asks once per run, before anything is fetched, which view the command
/// line chooses; it checks `--fields` and `--template` against that view's fields,
/// and a field that only another view has is a usage error that names that view
/// (never a quiet change of view). ``Capabilities/items`` stays the shape of the
/// default view.
public struct ItemViews: Sendable {
    /// Every view, the default first.
    public var views: [ItemView]

    /// The view `command` asks for: one of ``views``. Throws ``UsageError`` for options
    /// that do not go together (`--now --daily`).
    public var choose: @Sendable (_ command: ParsedCommand) throws -> ItemView

    public init(_ views: [ItemView], choose: @escaping @Sendable (_ command: ParsedCommand) throws -> ItemView) {
        self.views = views
        self.choose = choose
    }
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
