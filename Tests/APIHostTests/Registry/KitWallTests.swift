import Foundation
import RegexBuilder
import Testing
@testable import APIHost

/// The walls around the provider kit, checked on the sources: no provider and nothing
/// in the kit imports the host or names its types, nor imports or names the HTTP client
/// or the store. (`.ci/run` also builds with `--explicit-target-dependency-import-check
/// error`, which makes SwiftPM refuse an import of a target that is not below the
/// importing one; neither the client nor the store is below the kit.)
@Suite("The kit/host wall")
struct KitWallTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Host types a provider might be tempted to reach for.
    static let hostTypes = [
        "OutputRenderer", "TableRenderer", "TerminalViewRenderer", "CSVWriter", "ExitCode", "CLIError",
        "QueryRunner", "ProviderCommand", "HostEnvironment", "FailureWording", "StatusReading", "OutputFormat",
        "BuiltinCommandHandler", "ProviderRegistry", "Sparkline", "GlobalOptions", "HostSchema", "AppPaths",
    ]

    /// What the HTTP client and the store are made of. A provider reaches neither: it gets
    /// the request model (`Endpoint`, `QueryItem`…) and the narrow `StoreTransaction` instead.
    static let clientAndStoreTypes = [
        "HTTPClient", "CurlTransport", "URLSessionTransport", "ClientTransport", "ClientMiddleware", "RetryMiddleware",
        "CacheMiddleware", "RateLimitMiddleware", "RedactionMiddleware", "HTTPRequest", "HTTPResponse", "HTTPHeaders",
        "Store", "Transaction", "Database", "Statement", "ReadOnlyConnection", "StoreFileProbe", "SQLiteLibrary",
    ]

    /// The modules behind them (`APIHTTPModel` and `APIStoreModel` are the kit's, and allowed).
    static let clientAndStoreModules = ["APIHTTP", "APIStore", "CSQLite", "CCurlShim"]

    /// The client and store modules `text` imports and the types of theirs it names.
    static func clientAndStoreNames(in text: String) -> [String] {
        let imported = clientAndStoreModules.filter { module in
            text.contains(Regex {
                "import"
                OneOrMore(.whitespace)
                Optionally { ChoiceOf { "struct"; "class"; "enum"; "protocol"; "typealias"; "func" }; OneOrMore(.whitespace) }
                module
                Anchor.wordBoundary
            }.wordBoundaryKind(.simple))
        }
        // Simple word boundaries, so that `APIStore.Store` is two words, not one as in prose.
        let named = clientAndStoreTypes.filter { type in
            text.contains(Regex { Anchor.wordBoundary; type; Anchor.wordBoundary }.wordBoundaryKind(.simple))
        }
        return imported.map { "import " + $0 } + named
    }

    static func swiftFiles(under folder: String) -> [URL] {
        let base = root.appendingPathComponent(folder)
        let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    @Test("no file under Plugins/ or Sources/APICore imports the host or names a host type")
    func noHostTypes() throws {
        let files = Self.swiftFiles(under: "Plugins") + Self.swiftFiles(under: "Sources/APICore")
        #expect(files.count > 40, "the sources were not found from \(Self.root.path)")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("import APIHost"), "\(file.lastPathComponent) imports the host")
            for type in Self.hostTypes where text.contains(Regex { Anchor.wordBoundary; type; Anchor.wordBoundary }) {
                Issue.record("\(file.path) names the host type \(type)")
            }
        }
    }

    @Test("the check can fail: it finds the host types in the host's own sources")
    func checkFindsHostTypes() throws {
        let host = try Self.swiftFiles(under: "Sources/APIHost").map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        for type in Self.hostTypes { #expect(host.contains(type), "\(type) is not a host type any more") }
    }

    @Test("no file under Plugins/ or Sources/APICore imports or names the HTTP client or the store")
    func noClientOrStoreTypes() throws {
        let files = Self.swiftFiles(under: "Plugins") + Self.swiftFiles(under: "Sources/APICore")
        #expect(files.count > 40, "the sources were not found from \(Self.root.path)")
        for file in files {
            for name in Self.clientAndStoreNames(in: try String(contentsOf: file, encoding: .utf8)) {
                Issue.record("\(file.path) reaches the HTTP client or the store: \(name)")
            }
        }
    }

    @Test("the check can fail: it finds their imports, and their types where the client and the store declare them")
    func checkFindsClientAndStoreTypes() throws {
        #expect(Self.clientAndStoreNames(in: "import APIHTTP\nimport struct APIStore.Store\n") == [
            "import APIHTTP", "import APIStore", "Store",
        ])
        #expect(Self.clientAndStoreNames(in: "import APIHTTPModel\nimport APIStoreModel\nlet t: any StoreTransaction").isEmpty)
        let sources = try (Self.swiftFiles(under: "Sources/APIHTTP") + Self.swiftFiles(under: "Sources/APIStore"))
            .map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        for type in Self.clientAndStoreTypes {
            let declaration = Regex {
                ChoiceOf { "class"; "struct"; "enum"; "protocol"; "typealias" }
                OneOrMore(.whitespace)
                type
                Anchor.wordBoundary
            }.wordBoundaryKind(.simple)
            #expect(sources.contains(declaration), "\(type) is not declared by the client or the store any more")
        }
    }
}
