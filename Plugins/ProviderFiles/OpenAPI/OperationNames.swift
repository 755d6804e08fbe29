import APICore

/// The command names of imported operations: the `operationId` in kebab case
/// (`getBestSellers` → `get-best-sellers`, `lists_overview` → `lists-overview`),
/// else one made from the path (`/lists/{list}.json` → `lists-list`); unique
/// within the provider, and never a word the host gives a meaning to.
struct OperationNames {
    /// Words that cannot name an operation: the host reads them itself.
    static let reserved: Set<String> = ["help"]
    /// As long as a provider's name may be, so that every name the host checks passes.
    static let maxLength = ProviderDescriptor.maxNameLength

    private var taken = Set<String>()

    /// The name `found` would get, without taking it yet.
    func next(for found: OpenAPIDocument.Found) -> String {
        var base = Self.kebab(found.node["operationId"]?.string ?? "")
        if base.isEmpty { base = Self.fromPath(found.path) }
        if base.isEmpty { base = "root" }
        if Self.reserved.contains(base) { base = "get-" + base }
        base = String(base.prefix(Self.maxLength - 4))
        while base.last == "-" { base.removeLast() }
        var name = base
        var number = 2
        while taken.contains(name) {
            name = base + "-\(number)"
            number += 1
        }
        return name
    }

    mutating func take(_ name: String) { taken.insert(name) }

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
