/// The words a provider described at run time cannot take, handed to it by the
/// host: the host knows its built-in commands and global options, and a
/// provider that named them itself would have to depend on the host.
public struct ReservedNames: Sendable, Hashable {
    /// Command words already taken: compiled providers and built-in commands.
    public var commands: Set<String>
    /// Option names every command has (`format`, `offline`, `version`…).
    public var options: Set<String>
    /// The key variable of each compiled provider that has a key (`weather`: `OPENWEATHER_API_KEY`):
    /// what a provider file that shares its key (`keyOf`) reads.
    public var keyVariables: [String: String]

    public init(commands: Set<String> = [], options: Set<String> = [], keyVariables: [String: String] = [:]) {
        self.commands = commands
        self.options = options
        self.keyVariables = keyVariables
    }

    /// Whether a provider may be called `name`: not taken, and allowed to own rows in the store.
    public func allowsProvider(named name: String) -> Bool {
        !commands.contains(name) && ProviderDescriptor.canOwnStorage(name)
    }
}
