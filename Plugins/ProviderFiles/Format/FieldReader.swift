import APICore
import APIDocuments
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the members of one JSON object of a provider file, collecting a
/// problem (with field and line) for each missing, mistyped or unknown member
/// instead of stopping at the first.
struct FieldReader {
    let node: DocumentNode
    /// The object's own field path (`columns[2]`), empty at the top.
    let prefix: String
    private(set) var problems: [ProviderFileError.Problem] = []

    init(_ node: DocumentNode, prefix: String) {
        self.node = node
        self.prefix = prefix
    }

    func field(_ key: String) -> String { prefix.isEmpty || key.isEmpty ? prefix + key : prefix + "." + key }

    mutating func problem(_ key: String, line: Int?, _ message: String) {
        problems.append(ProviderFileError.Problem(field: field(key), line: line ?? node.line, message: message))
    }

    mutating func absorb(_ other: FieldReader) {
        problems += other.problems
    }

    mutating func absorb(_ found: [ProviderFileError.Problem]) {
        problems += found
    }

    /// Members this object may not have: typos reported with the nearest known name.
    mutating func refuseUnknown(_ known: [String]) {
        for member in node.members ?? [] where !known.contains(member.key) {
            var message = "unknown field"
            if let near = NearestName.suggest(member.key, among: known) { message += "; did you mean '\(near)'?" }
            problem(member.key, line: member.value.line, message)
        }
    }

    mutating func string(_ key: String, required: Bool = true, maxLength: Int = 2_000) -> String? {
        guard let value = node[key] else {
            if required { problem(key, line: nil, "missing") }
            return nil
        }
        guard let text = value.string else {
            problem(key, line: value.line, "must be a string, not \(value.kindName)")
            return nil
        }
        guard !text.trimmed(.whitespaces).isEmpty else {
            problem(key, line: value.line, "must not be empty")
            return nil
        }
        // Bytes too: a character can be any size (a letter and a megabyte of combining marks).
        guard text.count <= maxLength, text.utf8.count <= maxLength * 4,
              !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            problem(key, line: value.line, "must be one line of at most \(maxLength) characters (\(maxLength * 4) bytes)")
            return nil
        }
        // Every string of the file can reach a terminal through help, listings or the man page.
        guard !TerminalSanitizer.controlsTerminal(text) else {
            problem(key, line: value.line, "must not contain terminal controls or bidi characters")
            return nil
        }
        return text
    }

    mutating func int(_ key: String, in range: ClosedRange<Int>, required: Bool = false) -> Int? {
        guard let value = node[key] else {
            if required { problem(key, line: nil, "missing") }
            return nil
        }
        guard let number = value.int else {
            problem(key, line: value.line, "must be a whole number, not \(value.kindName)")
            return nil
        }
        guard range.contains(number) else {
            problem(key, line: value.line, "must be from \(range.lowerBound) to \(range.upperBound), not \(number)")
            return nil
        }
        return number
    }

    mutating func bool(_ key: String) -> Bool? {
        guard let value = node[key] else { return nil }
        guard let flag = value.bool else {
            problem(key, line: value.line, "must be true or false, not \(value.kindName)")
            return nil
        }
        return flag
    }

    mutating func keyPath(_ key: String, required: Bool = true) -> KeyPath? {
        guard let text = string(key, required: required) else { return nil }
        guard let path = KeyPath(text) else {
            problem(key, line: node[key]?.line,
                    "'\(text)' is not a key path: names joined by dots, at most \(KeyPath.maxDepth) deep")
            return nil
        }
        return path
    }

    /// A word a query parameter or option may be named: printable ASCII without `&`, `=`, `#` or spaces.
    mutating func parameter(_ key: String, required: Bool = true) -> String? {
        guard let text = string(key, required: required, maxLength: 100) else { return nil }
        guard text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !"&=#?".unicodeScalars.contains($0) })
        else {
            problem(key, line: node[key]?.line, "'\(text)' is not a usable parameter name")
            return nil
        }
        return text
    }

    /// An object member, or a problem when it is something else.
    mutating func object(_ key: String, required: Bool = false) -> DocumentNode? {
        guard let value = node[key] else {
            if required { problem(key, line: nil, "missing") }
            return nil
        }
        guard value.members != nil else {
            problem(key, line: value.line, "must be an object, not \(value.kindName)")
            return nil
        }
        return value
    }

    mutating func array(_ key: String, required: Bool = false, maxCount: Int) -> [DocumentNode]? {
        guard let value = node[key] else {
            if required { problem(key, line: nil, "missing") }
            return nil
        }
        guard let items = value.array else {
            problem(key, line: value.line, "must be an array, not \(value.kindName)")
            return nil
        }
        guard items.count <= maxCount else {
            problem(key, line: value.line, "at most \(maxCount) entries, not \(items.count)")
            return nil
        }
        return items
    }

    /// Reads each element of an array of objects (`columns[2]`) with its own
    /// reader that refuses fields not in `known`, and keeps every problem found.
    mutating func objects<T>(
        _ nodes: [DocumentNode], at key: String, known: [String], read: (inout FieldReader, DocumentNode) -> T?
    ) -> [T] {
        var results: [T] = []
        for (index, node) in nodes.enumerated() {
            var element = FieldReader(node, prefix: field(key) + "[\(index)]")
            if node.members == nil {
                element.problem("", line: node.line, "must be an object, not \(node.kindName)")
            } else {
                element.refuseUnknown(known)
                if let value = read(&element, node) { results.append(value) }
            }
            absorb(element)
        }
        return results
    }
}
