/// One operation of a provider that has several (`apicli books lists-overview`):
/// its own arguments and options, declared as data like a provider's, so that
/// parsing, help, completions and the man page read one description.
///
/// A provider with no operations is one command (`apicli nyt <words>`); one with
/// operations takes the operation's name as the first word after its own.
public struct OperationSpec: Sendable, Hashable {
    /// The command word after the provider's (`lists-overview`): lowercase letters, digits and dashes.
    public var name: String
    /// One line for `apicli help <provider>`.
    public var summary: String
    /// Paragraphs for `apicli help <provider> <operation>`.
    public var discussion: String
    /// Positional arguments in order (an API's path parameters, then any words).
    public var arguments: [ArgumentSpec]
    /// The operation's own options, besides the provider's shared ones.
    public var options: [OptionSpec]
    /// Shell lines shown under EXAMPLES.
    public var examples: [String]
    /// Whether its requests carry the provider's key; false for an operation the API
    /// answers without one (Petstore's `getUserByName` beside its keyed `getPetById`).
    public var sendsKey = true
    /// Other words that name it, such as the API document's full `operationId` in
    /// kebab case when ``name`` is shortened (`get-customers` for `customers`):
    /// accepted wherever the name is, never listed as operations of their own.
    public var aliases: [String] = []
    /// The heading help lists it under (an API document's tag); nil: none.
    public var group: String? = nil
    /// The API path it requests, as a template (`/v1/customers/{customer}`), for
    /// help and for finding operations by a word; nil when the provider does not say.
    public var path: String? = nil
    /// The HTTP method it sends (`POST`), and whether it only reads (a GET, or a search sent as POST).
    public var method = "GET"
    public var isRead = true

    public init(
        name: String, summary: String, discussion: String = "", arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [], examples: [String] = [], aliases: [String] = [], group: String? = nil,
        path: String? = nil
    ) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.examples = examples
        self.aliases = aliases
        self.group = group
        self.path = path
    }

    /// Whether `word` names it: its name or one of its aliases.
    public func isNamed(_ word: String) -> Bool {
        name == word || aliases.contains(word)
    }
}

extension ProviderDescriptor {
    /// The operation called `name`, by its name or an alias, if the provider has it.
    public func operation(named name: String) -> OperationSpec? {
        operations.first { $0.name == name } ?? operations.first { $0.aliases.contains(name) }
    }

    /// The provider as the parser sees one of its operations: the operation's
    /// arguments, and the provider's shared options followed by the operation's.
    /// Name, key, limits and storage stay the provider's, so settings resolve alike.
    public func narrowed(to operation: OperationSpec) -> ProviderDescriptor {
        var narrowed = self
        narrowed.arguments = operation.arguments
        narrowed.options = options + operation.options
        narrowed.examples = operation.examples
        if !operation.sendsKey { narrowed.credential = nil }
        return narrowed
    }
}
