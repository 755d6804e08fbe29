@testable import ProviderFiles
import Foundation
import Testing
import TestSupport

/// The import's one budget (`OpenAPI/ImportBudget.swift`): each meter is wired to the
/// work it counts (a limit just too small for a plain document stops the import with the
/// line naming that meter), and the real documents import alike under a fifth of every limit.
@Suite("The import's budget")
struct ImportBudgetTests {
    /// Two operations with a server variable, a shared schema, a summary and a parameter description.
    static let document = ##"""
        {"openapi": "3.0.0", "info": {"title": "T", "version": "1"},
         "servers": [{"url": "https://{region}.example.org", "variables": {"region": {"default": "eu"}}}],
         "paths": {
           "/a": {"get": {"operationId": "a", "summary": "Lists a",
             "parameters": [{"name": "q", "in": "query", "description": "Words to find", "schema": {"type": "string"}}],
             "responses": {"200": {"description": "ok", "content": {"application/json": {"schema":
               {"type": "array", "items": {"$ref": "#/components/schemas/Item"}}}}}}}},
           "/b": {"get": {"operationId": "b", "summary": "Lists b",
             "responses": {"200": {"description": "ok", "content": {"application/json": {"schema":
               {"type": "array", "items": {"$ref": "#/components/schemas/Item"}}}}}}}}},
         "components": {"schemas": {"Item": {"allOf": [{"$ref": "#/components/schemas/Named"},
           {"type": "object", "properties": {"id": {"type": "integer"}}}]},
           "Named": {"type": "object", "properties": {"name": {"type": "string"}}}}}}
        """##

    static func importing(_ text: String, limits: ImportBudget.Limits) throws -> OpenAPIImport.Imported {
        let home = try TemporaryDirectory(prefix: "apicli-budget")
        let path = home.path("api.json")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var importer = OpenAPIImport(name: "t", documentPath: path, operations: [], wordsParameter: nil)
        importer.limits = limits
        return try importer.imported()
    }

    @Test("the document imports under the standard limits")
    func plain() throws {
        let imported = try Self.importing(Self.document, limits: ImportBudget.Limits())
        #expect(imported.file.operations.map(\.name) == ["a", "b"])
        #expect(imported.skipped.isEmpty)
    }

    @Test("a meter's limit too small for the document stops the import with one line naming it",
          arguments: ImportBudget.Meter.allCases)
    func meterStops(_ meter: ImportBudget.Meter) throws {
        var limits = ImportBudget.Limits()
        switch meter {
        case .references: limits.references = 1
        case .nodes: limits.nodes = 20
        case .bytes: limits.bytes = 10
        case .variables: limits.variables = 0
        case .operations: limits.operations = 1
        }
        #expect {
            try Self.importing(Self.document, limits: limits)
        } throws: { error in
            guard let error = error as? OpenAPIImportError else { return false }
            return error.kind == .unusable && error.description.contains(meter.spoken) && !error.description.contains("\n")
        }
    }

    @Test("the line names the limit, grouped")
    func grouping() {
        #expect(ImportBudget.grouped(2_000_000) == "2,000,000")
        #expect(ImportBudget.grouped(999) == "999")
        #expect(ImportBudget.grouped(1_000) == "1,000")
    }

    @Test("spending is checked before the work: an over-run is not counted, and every later spend fails")
    func sticky() throws {
        var limits = ImportBudget.Limits()
        limits.nodes = 10
        let budget = ImportBudget(documentPath: "d.json", limits: limits)
        try budget.spend(10, on: .nodes)
        #expect(throws: OpenAPIImportError.self) { try budget.spend(1, on: .nodes) }
        #expect(budget.used(.nodes) == 10)
        #expect(!budget.allows(1, on: .references))
        #expect(throws: OpenAPIImportError.self) { try budget.check() }
    }

    @Test("cleaning cuts before it cleans: a summary of megabytes spends its start only")
    func cleaningCuts() throws {
        let budget = ImportBudget(documentPath: "d.json")
        let text = "\u{1B}[31mred\u{1B}[0m " + String(repeating: "a", count: 4 << 20)
        let cleaned = try budget.cleaned(text)
        #expect(cleaned.hasPrefix("red a"))
        #expect(budget.used(.bytes) <= 8_192)
    }

    /// The real documents, and the operation count each imports (or the line it is refused with),
    /// under a fifth of every limit: the budget leaves them five times the room they need.
    @Test("every document of the corpus imports alike under a fifth of every limit", .timeLimit(.minutes(3)))
    func corpusHeadroom() throws {
        let folder = Fixtures.realRoot.appendingPathComponent("openapi-corpus")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { [".json", ".yaml", ".yml"].contains(where: $0.hasSuffix) }.sorted()
        #expect(names.count >= 25)
        var fifth = ImportBudget.Limits()
        fifth.references /= 5
        fifth.nodes /= 5
        fifth.bytes /= 5
        fifth.variables /= 5
        for name in names {
            func outcome(_ limits: ImportBudget.Limits) -> String {
                var importer = OpenAPIImport(
                    name: "t", documentPath: folder.appendingPathComponent(name).path, operations: [], wordsParameter: nil)
                importer.access.baseURL = URL(string: "https://example.org")
                importer.limits = limits
                do {
                    let imported = try importer.imported()
                    return "\(imported.file.operations.count) operations, \(imported.skipped.count) left out"
                } catch {
                    return "\(error)"
                }
            }
            let standard = outcome(ImportBudget.Limits())
            #expect(outcome(fifth) == standard, "\(name)")
            #expect(!standard.contains("the import stopped"), "\(name): \(standard)")
        }
    }
}
