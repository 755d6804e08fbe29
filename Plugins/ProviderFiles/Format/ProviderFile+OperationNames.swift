import APICore

extension ProviderFile {
    /// The longest operation name or alias. Longer than a provider's name, which also
    /// prefixes store tables: an imported operation keeps every word of its
    /// `operationId` (`customers-customer-balance-transactions-transaction`).
    public static let maxOperationNameLength = 100

    /// Whether `name` can name an operation or be an alias of one: lowercase letters,
    /// digits and dashes, starting with a letter, at most ``maxOperationNameLength`` long.
    public static func isValidOperationName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.count <= maxOperationNameLength
        else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}

extension ProviderFile.Operation {
    /// Whether `word` names it: its name or one of its aliases.
    public func isNamed(_ word: String) -> Bool {
        name == word || aliases.contains(word)
    }
}
