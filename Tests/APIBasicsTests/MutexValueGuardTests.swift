import Foundation
import Testing

/// A `Mutex` whose value is a function type (or an optional or tuple holding one inline)
/// wraps the stored closure in one more reabstraction thunk at every `withLock`, because
/// the value is written back through the generic `inout`: the n-th call of the closure
/// then runs n thunks. That made resuming a paused transfer quadratic (CurlTransfer's
/// waker). Closures go in a struct instead. This fails when any Swift file of the package
/// declares such a `Mutex`, so the class of bug cannot come back unseen.
@Suite struct MutexValueGuardTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `Mutex<…>` value types in `text` that hold a function type inline: written
    /// with `->` or `@Sendable` directly (not inside `[…]`, whose storage is out of line),
    /// or a name in `functionAliases`, bare or optional.
    static func functionValues(in text: String, functionAliases: Set<String>) -> [String] {
        let declared = try! Regex(#"Mutex<(.+?)>\s*(\(|$|\n|=)"#)
        return text.matches(of: declared).compactMap { match in
            let value = String(text[match.range]).dropFirst("Mutex<".count)
            let type = String(value.prefix { $0 != "\n" })
            if type.hasPrefix("[") { return nil }
            if type.contains("->") || type.contains("@Sendable") { return type }
            let name = type.trimmingCharacters(in: CharacterSet(charactersIn: "?>( =\n"))
            return functionAliases.contains(name) ? type : nil
        }
    }

    /// Names declared as `typealias Name = <function type>` in `text`.
    static func functionAliases(in text: String) -> Set<String> {
        let alias = try! Regex(#"typealias\s+(\w+)\s*=\s*[^\n]*->"#)
        return Set(text.matches(of: alias).compactMap { $0.output[1].substring.map(String.init) })
    }

    @Test func theCheckFindsEachForm() {
        let aliases = Self.functionAliases(in: "public typealias Answer = @Sendable (Int) throws -> Int\n")
        #expect(aliases == ["Answer"])
        #expect(!Self.functionValues(in: "let a = Mutex<(@Sendable () -> Void)?>(nil)", functionAliases: []).isEmpty)
        #expect(!Self.functionValues(in: "let a = Mutex<Answer?>(nil)", functionAliases: aliases).isEmpty)
        #expect(!Self.functionValues(in: "let a = Mutex<(when: @Sendable (Int) -> Bool, n: Int)>(x)", functionAliases: []).isEmpty)
        #expect(Self.functionValues(in: "let a = Mutex<[(when: @Sendable (Int) -> Bool, n: Int)]>([])", functionAliases: []).isEmpty)
        #expect(Self.functionValues(in: "let a = Mutex<Fault?>(nil)", functionAliases: aliases).isEmpty)
        #expect(Self.functionValues(in: "let a = Mutex<[String: Int]>([:])", functionAliases: aliases).isEmpty)
    }

    @Test func noMutexHoldsAFunctionTypeInline() throws {
        var texts: [(String, String)] = []
        for folder in ["Sources", "Plugins", "Tests"] {
            let root = Self.packageRoot.appendingPathComponent(folder)
            let walker = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            for case let url as URL in walker where url.pathExtension == "swift" {
                texts.append((String(url.path.dropFirst(Self.packageRoot.path.count + 1)), try String(contentsOf: url, encoding: .utf8)))
            }
        }
        #expect(texts.count > 300, "the walk found the package's sources")
        let aliases = texts.reduce(into: Set<String>()) { $0.formUnion(Self.functionAliases(in: $1.1)) }
        let offenders = texts.flatMap { path, text in
            Self.functionValues(in: text, functionAliases: aliases).map { "\(path): Mutex<\($0)" }
        }
        // This file's own examples are in string literals of `theCheckFindsEachForm`.
        let real = offenders.filter { !$0.hasPrefix("Tests/APIBasicsTests/MutexValueGuardTests.swift") }
        #expect(real.isEmpty, "\(real.joined(separator: "\n"))")
    }
}
