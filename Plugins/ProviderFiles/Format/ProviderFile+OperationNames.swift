import APICore

extension ProviderFile {
    /// The longest operation name or alias. Longer than a provider's name, which also
    /// prefixes store tables: an imported operation keeps every word of its
    /// `operationId` (`customers-customer-balance-transactions-transaction`).
    public static let maxOperationNameLength = 100

    /// Whether `name` can name an operation or be an alias of one: lowercase letters,
    /// digits and dashes, starting with a letter, at most ``maxOperationNameLength`` long.
    public static func isValidOperationName(_ name: String) -> Bool {
        // By bytes: every valid name is ASCII, one byte a character.
        guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first),
              name.utf8.count <= maxOperationNameLength
        else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-")
        }
    }
}

extension ProviderFile.Operation {
    /// Whether `word` names it: its name or one of its aliases.
    public func isNamed(_ word: String) -> Bool {
        name == word || aliases.contains(word)
    }
}
