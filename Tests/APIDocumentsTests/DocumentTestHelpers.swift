@testable import APIDocuments
import Foundation

func readJSON(_ text: String, limits: DocumentLimits = .standard) throws(DocumentError) -> DocumentNode {
    try JSONDocumentReader.read(Array(text.utf8), limits: limits)
}

func readYAML(_ text: String, limits: DocumentLimits = .standard) throws(DocumentError) -> DocumentNode {
    try YAMLDocumentReader.read(Array(text.utf8), limits: limits)
}

/// The error reading throws, or nil when it reads.
func readingError(_ read: () throws(DocumentError) -> DocumentNode) -> DocumentError? {
    do {
        _ = try read()
        return nil
    } catch {
        return error
    }
}

/// Whether a message could be printed to a terminal as it is: no C0 or C1 control,
/// no DEL, no bidi control or other format character.
func isTerminalSafe(_ message: String) -> Bool {
    !message.unicodeScalars.contains { scalar in
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || scalar.properties.generalCategory == .format
            || scalar.properties.generalCategory == .lineSeparator || scalar.properties.generalCategory == .paragraphSeparator
    }
}

/// The first place two trees differ in value (lines ignored), or nil. Numbers compare
/// by value, so `1.0` and `1.00` agree.
func firstDifference(_ a: DocumentNode, _ b: DocumentNode, at path: String = "") -> String? {
    switch (a.value, b.value) {
    case (.null, .null): return nil
    case let (.bool(x), .bool(y)): return x == y ? nil : "\(path): \(x) vs \(y)"
    case let (.number(x), .number(y)): return Double(x) == Double(y) ? nil : "\(path): \(x) vs \(y)"
    case let (.string(x), .string(y)): return x == y ? nil : "\(path): \(x.debugDescription) vs \(y.debugDescription)"
    case let (.array(x), .array(y)):
        guard x.count == y.count else { return "\(path): \(x.count) items vs \(y.count)" }
        for (index, pair) in zip(x, y).enumerated() {
            if let difference = firstDifference(pair.0, pair.1, at: "\(path)/\(index)") { return difference }
        }
        return nil
    case let (.object(x), .object(y)):
        guard x.map(\.key) == y.map(\.key) else { return "\(path): keys \(x.map(\.key)) vs \(y.map(\.key))" }
        for (left, right) in zip(x, y) {
            if let difference = firstDifference(left.value, right.value, at: "\(path)/\(left.key)") { return difference }
        }
        return nil
    default:
        return "\(path): \(a.kindName) vs \(b.kindName)"
    }
}

/// This folder's fixtures.
enum DocumentFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func bytes(_ relativePath: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(relativePath)))
    }
}
