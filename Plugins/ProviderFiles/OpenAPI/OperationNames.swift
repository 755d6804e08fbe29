import APICore

/// The command names of imported operations.
///
/// Each operation first gets its full name: the `operationId` in kebab case
/// (`getBestSellers` → `get-best-sellers`, `lists_overview` → `lists-overview`), else
/// one made from the path (`/lists/{list}.json` → `lists-list`); unique within the
/// provider, and never a word the host gives a meaning to. Once every operation is
/// imported, the words all of their names share at the start or the end are dropped
/// (Stripe's `get-customers` → `customers`), and a name that changed keeps its full
/// name as an alias, which files imported before used and scripts may still type.
///
/// A name is never cut inside a word and twins are told apart by their paths, not
/// numbered: a number says nothing about which is which.
struct OperationNames {
    /// Words that cannot name an operation: the host reads them itself.
    static let reserved: Set<String> = ["help"]
    static let maxLength = ProviderFile.maxOperationNameLength

    private var taken = Set<String>()

    /// The full name `found` would get, without taking it yet: the first of its
    /// operationId's, its path's, both, that is free.
    func next(for found: OpenAPIDocument.Found) -> String {
        let id = Self.kebab(found.node["operationId"]?.string ?? "")
        let path = Self.fromPath(found.path)
        let raw = Self.kebab(found.path)
        let written = [id, path, Self.joined(id, path), Self.joined(id, raw), raw].map(Self.unreserved).filter { !$0.isEmpty }
        let candidates = written.filter { $0.count <= Self.maxLength }
        if let free = candidates.first(where: { !taken.contains($0) }) { return free }
        // Words past the longest name: the first whole words that fit.
        if let long = written.first.map(Self.fitted), !long.isEmpty, !taken.contains(long) { return long }
        // Two paths with the same words, written apart only by punctuation (`/a_b`, `/a-b`):
        // nothing in the document tells them apart, so a number must.
        let base = candidates.first ?? written.first.map(Self.fitted) ?? "root"
        // `/` has no words at all: it is the root, unless another operation took that name.
        if !taken.contains(base) { return base }
        var number = 2
        while taken.contains(base + "-\(number)") { number += 1 }
        return base + "-\(number)"
    }

    mutating func take(_ name: String) { taken.insert(name) }

    /// `id-path` when both are there.
    private static func joined(_ first: String, _ second: String) -> String {
        first.isEmpty || second.isEmpty ? "" : first + "-" + second
    }

    /// `name` as a command word: `get-help` for a reserved word.
    private static func unreserved(_ name: String) -> String {
        reserved.contains(name) ? "get-" + name : name
    }

    /// The first whole words of `name` that fit in the longest name.
    private static func fitted(_ name: String) -> String {
        var words = name.split(separator: "-")
        while !words.isEmpty, words.joined(separator: "-").count > maxLength { words.removeLast() }
        return words.joined(separator: "-")
    }

    /// The names of the operations imported, in order, with the words every one of them
    /// shares at the start and at the end dropped, as far as each keeps a word, starts
    /// with a letter, stays unique and is no reserved word. A name that changed has its
    /// full name as ``Named/alias``.
    static func shortened(_ full: [String]) -> [Named] {
        guard full.count > 1 else { return full.map { Named(name: $0, alias: nil) } }
        let words = full.map { $0.split(separator: "-").map(String.init) }
        let fewest = words.map(\.count).min() ?? 0
        let leading = sharedCount(words.map { $0 }, limit: fewest - 1)
        let trailing = sharedCount(words.map { $0.reversed() }, limit: fewest - 1)
        for dropFirst in stride(from: leading, through: 0, by: -1) {
            for dropLast in stride(from: min(trailing, fewest - 1 - dropFirst), through: 0, by: -1) {
                let names = words.map { $0.dropFirst(dropFirst).dropLast(dropLast).joined(separator: "-") }
                if isUsable(names) {
                    return zip(names, full).map { Named(name: $0, alias: $0 == $1 ? nil : $1) }
                }
            }
        }
        return full.map { Named(name: $0, alias: nil) }
    }

    /// An operation's command word and, when it was shortened, the full name it also answers to.
    struct Named: Equatable {
        var name: String
        var alias: String?
    }

    /// How many words from the start every list has in common, at most `limit`.
    private static func sharedCount(_ lists: [[String]], limit: Int) -> Int {
        guard let first = lists.first, limit > 0 else { return 0 }
        var count = 0
        while count < limit, count < first.count, lists.allSatisfy({ count < $0.count && $0[count] == first[count] }) {
            count += 1
        }
        return count
    }

    private static func isUsable(_ names: [String]) -> Bool {
        Set(names).count == names.count && names.allSatisfy { name in
            !name.isEmpty && !reserved.contains(name) && ProviderFile.isValidOperationName(name)
        }
    }

    /// `getBestSellers`, `lists_overview`, `Lists.Overview` → lowercase words joined by dashes, from a letter.
    static func kebab(_ text: String) -> String {
        var words: [String] = []
        var current = ""
        var previousLower = false
        for character in text {
            guard character.isASCII, character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousLower = false
                continue
            }
            if character.isUppercase, previousLower, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(Character(character.lowercased()))
            previousLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { words.append(current) }
        var name = words.joined(separator: "-")
        while let first = name.first, !first.isLetter { name.removeFirst() }
        return name
    }

    /// `/lists/{list}.json` → `lists-list`: the path's words, braces and a file extension dropped.
    static func fromPath(_ path: String) -> String {
        let segments = path.pieces(between: "/", omittingEmpty: true).map { segment -> String in
            var text = String(segment)
            for suffix in [".json", ".xml", ".yaml"] where text.lowercased().hasSuffix(suffix) {
                text = String(text.dropLast(suffix.count))
            }
            return text
        }
        return kebab(segments.joined(separator: "-"))
    }
}
