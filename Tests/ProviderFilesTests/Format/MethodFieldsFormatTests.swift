@testable import ProviderFiles
import APICore
import Foundation
import Testing
import TestSupport

/// `method`, `read`, `bodyType` and an option's `in`: read, checked (a bad value is one
/// problem naming its field), written back, and sent as the request's method and body.
@Suite("Methods and bodies in the provider file format")
struct MethodFieldsFormatTests {
    static let file = """
        {
          "apicli": 2, "name": "pets", "summary": "Pets.", "baseURL": "https://pets.invalid", "key": "none",
          "operations": [
            {"name": "find", "summary": "Find pets.", "path": "/pets/search", "method": "POST", "read": true,
             "options": [{"name": "kind", "parameter": "kind", "type": "text", "in": "body"},
                         {"name": "limit", "parameter": "limit", "type": "integer", "in": "body"},
                         {"name": "page", "parameter": "p", "type": "integer"}],
             "items": "pets", "columns": [{"name": "name", "path": "name", "kind": "text", "searchable": true}]},
            {"name": "add", "summary": "Add a pet.", "path": "/pets", "method": "PUT", "bodyType": "form",
             "options": [{"name": "name", "parameter": "name", "type": "text", "in": "body", "required": true}],
             "items": "pet", "columns": [{"name": "name", "path": "name", "kind": "text", "searchable": true}]}
          ]
        }
        """

    @Test("read and written back; the endpoint carries the method, the body and whether it reads")
    func roundTrip() throws {
        let file = try SampleFiles.read(Self.file)
        #expect(file.operations.map(\.method) == ["POST", "PUT"])
        #expect(file.operations.map(\.isRead) == [true, false])
        #expect(file.operations[0].options.map(\.inBody) == [true, true, false])
        #expect(file.operations[1].formBody)
        let again = try SampleFiles.read(ProviderFileWriter.text(file))
        #expect(again.operations == file.operations)

        let provider = FileProvider(file: file, source: "pets.json")
        let find = try #require(try provider.queries(from: ParsedCommand(
            arguments: [], values: ["kind": "cat", "limit": "2", "page": "3"], operation: "find")).first)
        let endpoint = provider.request(for: find, page: 0)
        #expect(endpoint.method == "POST" && endpoint.isRead)
        #expect(endpoint.query == [QueryItem("p", "3")])
        #expect(endpoint.body.map { String(decoding: $0, as: UTF8.self) } == #"{"kind":"cat","limit":2}"#)
        let other = try #require(try provider.queries(from: ParsedCommand(
            arguments: [], values: ["kind": "dog", "limit": "2", "page": "3"], operation: "find")).first)
        #expect(find.storageKey != other.storageKey, "a read's stored answer is keyed by its body")

        let add = try #require(try provider.queries(from: ParsedCommand(arguments: [], values: ["name": "Rex & co"], operation: "add")).first)
        let write = provider.request(for: add, page: 0)
        #expect(write.method == "PUT" && !write.isRead)
        #expect(write.contentType == "application/x-www-form-urlencoded")
        #expect(write.body.map { String(decoding: $0, as: UTF8.self) } == "name=Rex%20%26%20co")
        let descriptor = file.descriptor(source: "pets.json")
        #expect(descriptor.operations[1].options.map(\.name).suffix(2) == ["yes", "dry-run"])
        #expect(descriptor.operations[1].summary.hasSuffix("[PUT: writes]"))
    }

    @Test("each bad value is one problem naming its field", arguments: [
        (#""method": "PUT""#, #""method": "FETCH""#, "operations[1].method"),
        (#""bodyType": "form""#, #""bodyType": "xml""#, "operations[1].bodyType"),
        (#""method": "POST", "read": true"#, #""read": true"#, "operations[0].read"),
        (#""type": "text", "in": "body", "required""#, #""type": "text", "in": "header", "required""#, "operations[1].options[0].in"),
    ])
    func bad(original: String, replacement: String, field: String) throws {
        let text = Self.file.replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.file)
        do {
            _ = try SampleFiles.read(text)
            Issue.record("read: \(replacement)")
        } catch {
            #expect(error.problems.count == 1, "\(error.problems)")
            #expect(error.problems.first?.field == field, "\(error.problems)")
        }
    }
}
