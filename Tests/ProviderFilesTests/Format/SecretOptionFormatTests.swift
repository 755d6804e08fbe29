@testable import ProviderFiles
import APICore
import Foundation
import Testing
import TestSupport

/// An option's `secret`: read, checked (a bad value is one problem naming it), written back,
/// absent in older files, and turned into a body shown with the value as `***`.
@Suite("Secret body options in the provider file format")
struct SecretOptionFormatTests {
    static let file = """
        {
          "apicli": 2, "name": "accounts", "summary": "Accounts.", "baseURL": "https://accounts.invalid", "key": "none",
          "operations": [
            {"name": "add", "summary": "Add an account.", "path": "/accounts", "method": "POST",
             "options": [{"name": "user", "parameter": "user", "type": "text", "in": "body"},
                         {"name": "password", "parameter": "password", "type": "text", "in": "body", "secret": true},
                         {"name": "tag", "parameter": "tag", "type": "text"}],
             "items": "account", "columns": [{"name": "id", "path": "id", "kind": "text", "searchable": true}]}
          ]
        }
        """

    @Test("read, written back, and the endpoint's shown body masks the secret member only")
    func roundTrip() throws {
        let file = try SampleFiles.read(Self.file)
        #expect(file.operations[0].options.map(\.secret) == [false, true, false])
        let again = try SampleFiles.read(ProviderFileWriter.text(file))
        #expect(again.operations == file.operations)
        let older = try SampleFiles.read(Self.file.replacingOccurrences(of: #", "secret": true"#, with: ""))
        #expect(older.operations[0].options.map(\.secret) == [false, false, false])

        let provider = FileProvider(file: file, source: "accounts.json")
        let query = try #require(try provider.queries(from: ParsedCommand(
            arguments: [], values: ["user": "rex", "password": "pw-1234567"], operation: "add")).first)
        let endpoint = provider.request(for: query, page: 0)
        #expect(endpoint.body.map { String(decoding: $0, as: UTF8.self) } == #"{"user":"rex","password":"pw-1234567"}"#)
        #expect(endpoint.shownBody.map { String(decoding: $0, as: UTF8.self) } == #"{"user":"rex","password":"***"}"#)
        #expect(endpoint.bodySecrets == ["pw-1234567"])
    }

    @Test("each bad value is one problem naming the field", arguments: [
        (#""secret": true"#, #""secret": "yes""#),
        (#""name": "tag", "parameter": "tag", "type": "text""#, #""name": "tag", "parameter": "tag", "type": "text", "secret": true"#),
    ])
    func bad(original: String, replacement: String) throws {
        let text = Self.file.replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.file)
        do {
            _ = try SampleFiles.read(text)
            Issue.record("read: \(replacement)")
        } catch {
            #expect(error.problems.count == 1, "\(error.problems)")
            #expect(error.problems.first?.field.hasSuffix(".secret") == true, "\(error.problems)")
        }
    }
}
