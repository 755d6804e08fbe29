@testable import APIHost
@testable import ProviderFiles
import Foundation
import Testing
import TestSupport

/// The JSON Schema in docs/ names exactly the fields the reader accepts.
@Suite("The provider file JSON Schema")
struct SchemaTests {
    static func schema() throws -> [String: Any] {
        let url = Fixtures.packageRoot.appendingPathComponent("docs/provider-file.schema.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    static func keys(_ object: Any?) -> Set<String> {
        Set(((object as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
    }

    @Test("Fields, option fields, column fields, paging and limits match the reader")
    func fields() throws {
        let schema = try Self.schema()
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Self.keys(schema) == Set(ProviderFileReader.topFields))
        #expect(Self.keys(definitions["option"]) == Set(ProviderFileReader.optionFields))
        #expect(Self.keys(definitions["column"]) == Set(ProviderFileReader.columnFields))
        #expect(Self.keys(properties["paging"]) == Set(ProviderFileReader.pagingFields))
        #expect(Self.keys(properties["rateLimits"]) == Set(ProviderFileReader.rateLimitFields))
        let kinds = ((definitions["column"] as? [String: Any])?["properties"] as? [String: Any])?["kind"] as? [String: Any]
        #expect(Set(kinds?["enum"] as? [String] ?? []) == Set(ProviderFile.ColumnKind.allCases.map(\.rawValue)))
    }

    @Test("Every field is documented in docs/provider-files.md")
    func documented() throws {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/provider-files.md"), encoding: .utf8)
        let all = ProviderFileReader.topFields.filter { $0 != "$schema" } + ProviderFileReader.optionFields
            + ProviderFileReader.columnFields + ProviderFileReader.pagingFields + ProviderFileReader.rateLimitFields
        for field in all {
            #expect(text.contains("`\(field)`"), "docs/provider-files.md does not document `\(field)`")
        }
    }
}
