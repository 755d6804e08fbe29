@testable import ProviderFiles
import APIDocuments
import APIHost
import Testing

/// `$ref` pointers as RFC 6901 defines them, on the RFC's own example document
/// (section 5) written as URI fragments (section 6, which is what a `$ref` is),
/// and chains of references followed to their end.
@Suite("JSON pointers in $ref (RFC 6901)")
struct JSONPointerReferenceTests {
    /// RFC 6901, section 5.
    static let rfcDocument = #"""
        {
          "foo": ["bar", "baz"],
          "": 0,
          "a/b": 1,
          "c%d": 2,
          "e^f": 3,
          "g|h": 4,
          "i\\j": 5,
          "k\"l": 6,
          " ": 7,
          "m~n": 8
        }
        """#

    static func resolver(_ document: String) throws -> SchemaResolver {
        SchemaResolver(root: try JSONDocumentReader.read(Array(document.utf8)), documentPath: "rfc6901.json")
    }

    static func value(at reference: String, in document: String = rfcDocument) throws -> JSONValue {
        let resolver = try resolver(document)
        return try resolver.target(of: reference, at: resolver.root).jsonValue
    }

    /// Section 6's fragments and what they evaluate to (section 5's pointers, percent-encoded where
    /// a fragment needs it).
    @Test("Every example of RFC 6901 section 6 evaluates as the RFC says", arguments: [
        ("#/foo", JSONValue.array(["bar", "baz"])), ("#/foo/0", "bar"), ("#/", 0), ("#/a~1b", 1), ("#/c%25d", 2),
        ("#/e%5Ef", 3), ("#/g%7Ch", 4), ("#/i%5Cj", 5), ("#/k%22l", 6), ("#/%20", 7), ("#/m~0n", 8),
    ] as [(String, JSONValue)])
    func rfcExamples(reference: String, expected: JSONValue) throws {
        #expect(try Self.value(at: reference) == expected, "\(reference)")
    }

    @Test("'#' is the whole document")
    func wholeDocument() throws {
        let whole = try Self.value(at: "#")
        #expect(whole["m~n"] == 8 && whole[""] == 0 && whole["foo"] == ["bar", "baz"])
    }

    @Test("Section 5's pointers that need no escaping in a fragment evaluate the same unescaped", arguments: [
        ("#/e^f", JSONValue.int(3)), ("#/g|h", 4), ("#/ ", 7), ("#/k\"l", 6), ("#/i\\j", 5),
    ] as [(String, JSONValue)])
    func unescapedPointers(reference: String, expected: JSONValue) throws {
        #expect(try Self.value(at: reference) == expected, "\(reference)")
    }

    /// RFC 6901 section 4: `~1` becomes `/` first, then `~0` becomes `~`, so `~01` is `~1`.
    /// Decoded the other way round, `~01` would become `~1` and then `/`.
    @Test("'~01' names the member '~1', never '/'; '~10' names '/0'")
    func decodingOrder() throws {
        let document = #"{"~1": "tilde one", "/": "slash", "/0": "slash zero", "~0": "tilde zero", "~": "tilde"}"#
        #expect(try Self.value(at: "#/~01", in: document) == "tilde one")
        #expect(try Self.value(at: "#/~10", in: document) == "slash zero")
        #expect(try Self.value(at: "#/~00", in: document) == "tilde zero")
        #expect(try Self.value(at: "#/~1", in: document) == "slash")
        #expect(try Self.value(at: "#/~0", in: document) == "tilde")
    }

    @Test("An array index is digits without a leading zero; anything else names nothing", arguments: [
        "#/foo/01", "#/foo/+1", "#/foo/-0", "#/foo/2", "#/foo/-", "#/foo/ 1",
    ])
    func arrayIndices(reference: String) throws {
        #expect(throws: OpenAPIImportError.self, "\(reference)") { try Self.value(at: reference) }
    }

    /// `Answer` → `A` → `B` → `C`, the schema: only following every hop reaches its content.
    static let chain = """
        {"components": {"schemas": {
           "Answer": {"$ref": "#/components/schemas/A"},
           "A": {"$ref": "#/components/schemas/B"},
           "B": {"$ref": "#/components/schemas/C"},
           "C": {"type": "object", "description": "the end of the chain",
                 "properties": {"title": {"type": "string"}, "rank": {"type": "integer"}}}}}}
        """

    @Test("A chain of references is followed to its end: a → b → c → the schema", arguments: [
        "#/components/schemas/Answer", "#/components/schemas/A", "#/components/schemas/B",
    ])
    func chain(start: String) throws {
        let resolver = try Self.resolver(Self.chain)
        let start = DocumentNode(line: 1, value: .object([("$ref", DocumentNode(line: 1, value: .string(start)))]))
        let (schema, expanding) = try resolver.resolve(start, refusingCycles: true)
        #expect(schema["description"]?.string == "the end of the chain")
        #expect(schema["properties"]?.members?.map(\.key) == ["title", "rank"])
        #expect(expanding.contains("#/components/schemas/B"))
    }

    @Test("An imported answer behind a chain of three references gets the last schema's columns")
    func chainThroughImport() throws {
        let components = """
            {"Page": {"$ref": "#/components/schemas/Page1"}, "Page1": {"$ref": "#/components/schemas/Page2"},
             "Page2": {"type": "object", "properties": {"results": {"type": "array", "items": {"$ref": "#/components/schemas/Item"}}}},
             "Item": {"$ref": "#/components/schemas/Item1"}, "Item1": {"$ref": "#/components/schemas/Item2"},
             "Item2": {"type": "object", "properties": {"headline": {"type": "string"}, "score": {"type": "integer"}}}}
            """
        let file = try SchemaResolverTests.importing(
            SchemaResolverTests.document(answer: ##"{"$ref": "#/components/schemas/Page"}"##, components: components))
        #expect(file.primary.items.description == "results")
        #expect(file.primary.columns.map(\.name) == ["headline", "score"], "\(file.primary.columns)")
    }
}
