/// The rule every provider's command word follows, compiled or described in a
/// file, so that the host, the store and a provider-files engine agree on it
/// without asking each other.
extension ProviderDescriptor {
    /// The longest command word: a terminal column of help, and a table prefix.
    public static let maxNameLength = 40

    /// Names no provider can take whatever its form: the prefixes of the host's
    /// tables (`apicli_`) and of SQLite's own (`sqlite_`).
    public static let storeReservedNames: Set<String> = ["apicli", "sqlite"]

    /// Whether `name` has the form of a command word: lowercase letters, digits
    /// and dashes, starting with a letter, at most ``maxNameLength`` long.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.count <= maxNameLength
        else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// Whether `name` may own rows in the store: not empty, and not a prefix
    /// the host or SQLite uses (case does not matter to SQLite's names).
    public static func canOwnStorage(_ name: String) -> Bool {
        !name.isEmpty && !storeReservedNames.contains(name.lowercased())
    }
}
