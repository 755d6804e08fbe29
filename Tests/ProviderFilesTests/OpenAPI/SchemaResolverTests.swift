@testable import ProviderFiles
import Foundation
import Testing
import TestSupport

/// `$ref`, `allOf`, `oneOf`/`anyOf` in answer schemas, with recursion bounded by
/// the schema's depth and the references being expanded, never by a path's text.
@Suite("Schema resolution")
struct SchemaResolverTests {
    /// Writes `document` (JSON) to a temporary file and imports `operation` from it.
    static func importing(_ document: String, operation: String = "search", words: String? = "q") throws -> ProviderFile {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString).json").path
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try OpenAPIImport(name: "t", documentPath: path, operation: operation, wordsParameter: words).providerFile()
    }

    /// An OpenAPI 3 document with one GET operation answering `schema`, and `components`.
    static func document(answer schema: String, components: String = "{}") -> String {
        """
        {"openapi": "3.0.0", "info": {"title": "T", "version": "1"}, "servers": [{"url": "https://api.example.org"}],
         "paths": {"/search": {"get": {"operationId": "search",
           "parameters": [{"name": "q", "in": "query", "schema": {"type": "string"}}],
           "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": \(schema)}}}}}}},
         "components": {"schemas": \(components)}}
        """
    }

    @Test("A property named \"\" or \".\" that refers to its own schema imports, and ends", arguments: ["", "."])
    func selfReferenceByOddName(name: String) throws {
        let components = """
            {"Node": {"type": "object", "properties": {
               "\(name)": {"$ref": "#/components/schemas/Node"},
               "title": {"type": "string"}, "id": {"type": "string"}}}}
            """
        let file = try Self.importing(Self.document(answer: ##"{"$ref": "#/components/schemas/Node"}"##, components: components))
        #expect(file.primary.items.kind == .record)
        #expect(file.primary.columns.map(\.name).contains("title"))
    }

    @Test("$ref cycles and chains end: a chain is followed, a cycle is a leaf")
    func cycles() throws {
        let components = """
            {"A": {"$ref": "#/components/schemas/B"}, "B": {"$ref": "#/components/schemas/A"},
             "Page": {"$ref": "#/components/schemas/Page2"},
             "Page2": {"type": "object", "properties": {"results": {"type": "array", "items": {"$ref": "#/components/schemas/Item"}},
                                                         "loop": {"$ref": "#/components/schemas/A"}}},
             "Item": {"type": "object", "properties": {"title": {"type": "string"}, "child": {"$ref": "#/components/schemas/Item"},
                                                        "html_url": {"type": "string", "format": "uri"}}}}
            """
        let file = try Self.importing(Self.document(answer: ##"{"$ref": "#/components/schemas/Page"}"##, components: components))
        #expect(file.primary.items == .list(try #require(KeyPath("results"))))
        #expect(file.primary.columns.map(\.name) == ["title", "html_url"], "\(file.primary.columns)")
        // A schema that is nothing but a cycle has nothing to take as items.
        #expect(throws: OpenAPIImportError.self) {
            try Self.importing(Self.document(answer: ##"{"$ref": "#/components/schemas/A"}"##, components: components))
        }
    }

    @Test("JSON pointers: ~0, ~1 and percent-encoding, across the document")
    func pointers() throws {
        let components = """
            {"a/b": {"type": "object", "properties": {"items": {"type": "array", "items": {"$ref": "#/components/schemas/x~y%20z"}}}},
             "x~y z": {"type": "object", "properties": {"name": {"type": "string"}}}}
            """
        let file = try Self.importing(Self.document(answer: ##"{"$ref": "#/components/schemas/a~1b"}"##, components: components)
            .replacingOccurrences(of: "x~y%20z", with: "x~0y%20z"))
        #expect(file.primary.items.description == "items")
        #expect(file.primary.columns.map(\.name) == ["name"])
    }

    @Test("allOf is merged; oneOf and anyOf give the union of their properties")
    func combining() throws {
        let components = """
            {"Base": {"type": "object", "properties": {"title": {"type": "string"}}},
             "Item": {"allOf": [{"$ref": "#/components/schemas/Base"},
                                {"type": "object", "properties": {"created_at": {"type": "string", "format": "date-time"}}}]},
             "Either": {"oneOf": [{"properties": {"stars": {"type": "integer"}}}, {"properties": {"html_url": {"type": "string"}}}],
                        "anyOf": [{"properties": {"language": {"type": "string"}}}]}}
            """
        let answer = """
            {"type": "object", "properties": {"data": {"type": "array", "items":
              {"allOf": [{"$ref": "#/components/schemas/Item"}, {"$ref": "#/components/schemas/Either"}]}}}}
            """
        let file = try Self.importing(Self.document(answer: answer, components: components))
        #expect(file.primary.items.description == "data")
        #expect(Set(file.primary.columns.map(\.name)) == ["title", "created_at", "stars", "html_url", "language"])
    }

    @Test("An external $ref is never read: one line naming it", arguments: ["other.yaml#/Pet", "https://example.org/s.json"])
    func external(reference: String) throws {
        let answer = #"{"type": "object", "properties": {"items": {"type": "array", "items": {"$ref": "\#(reference)"}}}}"#
        #expect {
            try Self.importing(Self.document(answer: answer))
        } throws: { error in
            let text = (error as? OpenAPIImportError)?.description ?? ""
            return text.contains(reference) && text.contains("another document") && !text.contains("\n")
        }
    }

    @Test("A reference to nothing in the document is named")
    func missing() {
        #expect {
            try Self.importing(Self.document(answer: ##"{"$ref": "#/components/schemas/Nope"}"##))
        } throws: { error in
            (error as? OpenAPIImportError)?.description.contains("'#/components/schemas/Nope' names nothing") == true
        }
    }

    @Test("A schema nested past the depth bound is cut, not recursed into")
    func deepNesting() throws {
        var schema = #"{"type": "string"}"#
        for _ in 0..<100 { schema = #"{"type": "object", "properties": {"a": \#(schema), "title": {"type": "string"}}}"# }
        let file = try Self.importing(Self.document(answer: schema))
        #expect(file.primary.items.kind == .record)
    }
}
