import APICore
import APIDocuments
import ProviderFiles
import Testing

@Suite struct DocumentNodeJSONValueTests {
    @Test func convertsADocumentTreeToTheKitsJSONValue() throws {
        let node = try JSONDocumentReader.read(Array(#"{"a": [1, 1.5, -2e3, 1e400, 99999999999999999999], "b": null, "c": true, "d": "x"}"#.utf8))
        #expect(node.jsonValue == [
            "a": [.int(1), .double(1.5), .double(-2000), .null, .double(1e20)],
            "b": nil, "c": true, "d": "x",
        ])
    }
}
