@testable import APIDocuments
import Testing

@Suite struct DocumentFormatTests {
    @Test(arguments: [
        ("{\"openapi\": \"3.0.0\"}", DocumentFormat.json), ("  \r\n\t[1]", .json), ("\n\n{}", .json),
        ("openapi: 3.0.0", .yaml), ("---\nopenapi: 3.0.0", .yaml), ("# comment\n{}", .yaml), ("", .yaml),
        ("\"just a string\"", .yaml),
    ])
    func tellsJSONFromYAMLByTheFirstByte(text: String, format: DocumentFormat) {
        #expect(DocumentFormat.of(Array(text.utf8)) == format)
    }

    @Test func readsEitherFormatToTheSameTree() throws {
        let (json, jsonFormat) = try DocumentFormat.read(Array(#"{"paths": {"/a": {"get": {"summary": "A"}}}}"#.utf8))
        let (yaml, yamlFormat) = try DocumentFormat.read(Array("paths:\n  /a:\n    get:\n      summary: A\n".utf8))
        #expect(jsonFormat == .json)
        #expect(yamlFormat == .yaml)
        #expect(firstDifference(json, yaml) == nil)
        #expect(json["paths"]?["/a"]?["get"]?["summary"]?.string == "A")
    }

    @Test func theJSONReaderIsStricterThanYAMLOnJSONText() throws {
        // YAML reads this flow mapping; JSON refuses the trailing comma. The guess picks JSON for it.
        let text = Array("{\"a\": 1,}".utf8)
        #expect(DocumentFormat.of(text) == .json)
        #expect(readingError { () throws(DocumentError) in try DocumentFormat.read(text).0 }?.kind == .syntax)
        #expect(try YAMLDocumentReader.read(text)["a"]?.int == 1)
    }
}
