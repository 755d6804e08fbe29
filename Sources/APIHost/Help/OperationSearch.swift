/// Finding a provider's operations by the words a person remembers: `apicli help
/// stripe balance` lists the operations whose name, alias, path or summary mention
/// `balance`, and a mistyped operation word (`apicli stripe balance`) names them.
extension ProviderDescriptor {
    /// The operations that mention every one of `words` (case ignored) in their name, an
    /// alias, their path or their summary, in the provider's order.
    func operations(mentioning words: [String]) -> [OperationSpec] {
        let wanted = words.map { $0.lowercased() }.filter { !$0.isEmpty }
        guard !wanted.isEmpty else { return [] }
        return operations.filter { operation in
            let text = ([operation.name, operation.path ?? "", operation.summary] + operation.aliases)
                .joined(separator: "\n").lowercased()
            return wanted.allSatisfy { text.containsLiteral($0) }
        }
    }

    /// `balance, balance-history, … (and 9 more)`: the first names of `found`, for a one-line message.
    static func names(of found: [OperationSpec], first count: Int = 6) -> String {
        let shown = found.prefix(count).map(\.name).joined(separator: ", ")
        return found.count > count ? shown + ", … (\(found.count) in all)" : shown
    }
}
