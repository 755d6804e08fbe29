@testable import ProviderFiles
import APIDocuments
import Foundation
import Testing
import TestSupport

/// Every document of the OpenAPI corpus imported whole, as `provider add --openapi` does,
/// and the names and words a person then reads: no operation name cut inside a word, no
/// twin told apart by a number, every operationId still a name the operation answers to,
/// and summaries and help as plain whole sentences (Stripe's are HTML in the document).
@Suite("Names and words of every corpus document", .serialized)
struct CorpusNamesTests {
    static let folder = Fixtures.realRoot.appendingPathComponent("openapi-corpus")

    /// Every document in the corpus folder, whatever it holds when the test runs.
    static var documents: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { [".json", ".yaml", ".yml"].contains(where: $0.hasSuffix) }.sorted()
    }

    /// The document imported whole: as it is, or with the one flag its error asks for (no server
    /// of its own: `--base-url`; OAuth2 only: `--bearer`); nil when nothing in it imports.
    static func imported(_ document: String) -> (file: ProviderFile, document: OpenAPIDocument)? {
        let path = folder.appendingPathComponent(document).path
        for attempt in 0..<3 {
            var importer = OpenAPIImport(name: "corpus", documentPath: path, operations: [], wordsParameter: nil)
            if attempt > 0 { importer.access.baseURL = URL(string: "https://api.example.com/base") }
            if attempt > 1 { importer.access.bearer = true }
            if let made = try? importer.imported(), let parsed = try? OpenAPIDocument(path: path) {
                return (made.file, parsed)
            }
        }
        return nil
    }

    @Test("the corpus holds the documents the checks are about")
    func corpus() {
        #expect(Self.documents.count >= 30, "\(Self.documents)")
        #expect(Self.documents.contains("stripe_spec3_2023-09.yaml"))
    }

    @Test("no name cut mid-word, no numbered twin, every operationId an accepted name", arguments: documents)
    func names(document: String) throws {
        guard let (file, parsed) = Self.imported(document) else {
            // A document none of whose operations imports (no answer schema to take items from) has no names.
            #expect(["nyt_times_tags_v3.yaml"].contains(document), "\(document) imports nothing")
            return
        }
        guard file.operations.count > 1 else { return }
        let descriptor = file.descriptor(source: document)
        let found = OpenAPIImport.getOperations(in: parsed)
        var words = Set<String>()
        for operation in file.operations {
            let source = try #require(
                found.filter { operation.path.hasSuffix($0.path) && $0.method.uppercased() == operation.method }
                    .max { $0.path.count < $1.path.count }, "\(operation.path)")
            let id = OperationNames.kebab(source.node["operationId"]?.string ?? "")
            let fromPath = OperationNames.fromPath(source.path)
            // `/` has no word to name it by: it is `root`.
            let full = id.isEmpty || id.count > ProviderFile.maxOperationNameLength ? (fromPath.isEmpty ? "root" : fromPath) : id
            // The full name (the operationId in kebab case) is the name or an alias, and names the operation.
            #expect(operation.isNamed(full), "\(document): \(operation.name) does not answer to \(full)")
            #expect(descriptor.operation(named: full)?.name == operation.name, "\(document): \(full)")
            // Whole words: the name is the full name with words dropped from its ends, never a cut word.
            let nameWords = operation.name.split(separator: "-")
            let fullWords = full.split(separator: "-")
            let whole = (0...fullWords.count).contains { first in
                (0...(fullWords.count - first)).contains { last in Array(fullWords.dropFirst(first).dropLast(last)) == nameWords }
            }
            #expect(whole, "\(document): '\(operation.name)' is not whole words of '\(full)'")
            // A trailing number is the document's own, never one added to tell twins apart.
            if let number = nameWords.last, number.allSatisfy(\.isNumber) {
                #expect(fullWords.last == number, "\(document): '\(operation.name)' numbered")
            }
            for word in [operation.name] + operation.aliases {
                #expect(words.insert(word).inserted, "\(document): '\(word)' names two operations")
            }
        }
    }

    @Test("summaries, descriptions and help are plain text in whole sentences", arguments: documents)
    func words(document: String) throws {
        guard let (file, _) = Self.imported(document) else { return }
        var texts = [file.summary, file.about ?? ""]
        for operation in file.operations {
            texts += [operation.summary, operation.about ?? ""] + operation.options.map(\.help) + operation.arguments.map(\.help)
        }
        for text in texts {
            for mark in ["<p>", "</p>", "<a ", "</a>", "<code>", "<br>", "<br/>", "<br />", "<strong>", "&amp;", "&lt;", "&gt;", "&quot;", "&#"] {
                #expect(!text.contains(mark), "\(document): '\(mark)' in \(text)")
            }
            for cut in ["(e.", " e.", "(i.", " i.", "e.g.", "i.e.", "(e.g.,", "U.S."] {
                #expect(!text.hasSuffix(cut), "\(document): cut at an abbreviation: \(text)")
            }
        }
    }

    @Test("Stripe: no summary holds markup or an entity; the provider's summary is the document's title")
    func stripe() throws {
        let (file, _) = try #require(Self.imported("stripe_spec3_2023-09.yaml"))
        #expect(file.operations.count > 200)
        for operation in file.operations {
            #expect(!operation.summary.contains("<") && !operation.summary.contains(">"), "\(operation.summary)")
            #expect(operation.summary.range(of: "&[#a-zA-Z0-9]+;", options: .regularExpression) == nil, "\(operation.summary)")
        }
        #expect(file.summary == "Stripe API (\(file.operations.count) operations)")
        // With every method imported, `get` is not a word all names share: it stays in the name.
        let balance = try #require(file.operations.first { $0.name == "get-balance" })
        #expect(balance.summary == "Retrieves the current account balance, based on the authentication that was used to make the request.")
    }

    @Test("NYT Books: a help that says (e.g. …) keeps its whole sentence")
    func example() throws {
        let (file, _) = try #require(Self.imported("nyt_books_api.yaml"))
        let helps = file.operations.flatMap { $0.arguments.map(\.help) + $0.options.map(\.help) }
        #expect(helps.contains("Name of the Best Sellers List (e.g. hardcover-fiction)."), "\(helps)")
    }
}
