import APIHost
import Foundation
import Testing
import TestSupport

/// A `$ref` to another file or a URL, anywhere the importer follows one (a parameter of the
/// operation or of its path, the path item itself, the answer, its schema, a key scheme): one
/// line naming the reference, exit 78, nothing written and nothing fetched. Before, outside a
/// schema, such a reference was passed over: the parameter vanished, the path item had "no GET
/// operation", the key scheme was "of type '?'".
@Suite("A reference to another document, wherever it is, through the host")
struct ExternalReferenceHostTests {
    static let answer = #"{"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}}}}}}"#

    static func document(pathItem: String, components: String = "{}", security: String = "[]") -> String {
        """
        {"openapi": "3.0.0", "info": {"title": "T", "version": "1"}, "servers": [{"url": "https://api.example.org"}],
         "security": \(security), "components": \(components), "paths": {"/l": \(pathItem)}}
        """
    }

    /// Where the reference is, and the document.
    static let places: [(place: String, text: String, reference: String)] = [
        ("an operation's parameter",
         document(pathItem: #"{"get": {"parameters": [{"$ref": "common.yaml#/components/parameters/Q"}], "responses": \#(answer)}}"#),
         "common.yaml#/components/parameters/Q"),
        ("a path's parameter",
         document(pathItem: #"{"parameters": [{"$ref": "http://127.0.0.1:9/p.json"}], "get": {"responses": \#(answer)}}"#),
         "http://127.0.0.1:9/p.json"),
        ("the path item", document(pathItem: #"{"$ref": "paths/l.yaml"}"#), "paths/l.yaml"),
        ("the answer", document(pathItem: #"{"get": {"responses": {"200": {"$ref": "responses.yaml#/OK"}}}}"#),
         "responses.yaml#/OK"),
        ("the answer's schema",
         document(pathItem: #"{"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "https://example.org/s.json"}}}}}}}"#),
         "https://example.org/s.json"),
        ("a key scheme",
         document(pathItem: #"{"get": {"responses": \#(answer)}}"#,
                  components: #"{"securitySchemes": {"k": {"$ref": "security.yaml#/K"}}}"#, security: #"[{"k": []}]"#),
         "security.yaml#/K"),
    ]

    @Test("one line naming the reference, exit 78, nothing written or fetched", arguments: 0..<6)
    func refused(_ index: Int) async throws {
        let (place, text, reference) = Self.places[index]
        let host = try ProviderFilesHost()
        let path = host.home.path("api.json")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let add = await host.run(["provider", "add", "x", "--openapi", path])
        #expect(add.code == .configuration, "\(place): \(add.stderr)")
        #expect(add.isOneErrorLine, "\(place): \(add.stderr)")
        #expect(add.stderr.contains("'\(reference)'") && add.stderr.contains("another document"), "\(place): \(add.stderr)")
        #expect(!host.hasProviderFile("x"), "\(place)")
        #expect(host.requests.isEmpty, "\(place): \(host.requests.map(\.url))")
    }

    @Test("among several operations, the one with the reference is left out with it; the others are imported")
    func leftOut() async throws {
        let host = try ProviderFilesHost()
        let text = """
            {"openapi": "3.0.0", "info": {"title": "T", "version": "1"}, "servers": [{"url": "https://api.example.org"}],
             "paths": {"/a": {"get": {"operationId": "a", "responses": \(Self.answer)}},
                       "/b": {"get": {"operationId": "b", "parameters": [{"$ref": "common.yaml#/Q"}], "responses": \(Self.answer)}}}}
            """
        let path = host.home.path("api.json")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let add = await host.run(["provider", "add", "x", "--openapi", path])
        #expect(add.code == .success, "\(add.stderr)")
        #expect(add.stderr.contains("left out b:") && add.stderr.contains("'common.yaml#/Q' refers to another document"), "\(add.stderr)")
    }
}
