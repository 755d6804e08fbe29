import Testing
@testable import APIHost

/// The line `--format line` prints without `--template` names a server's keys as they are:
/// a key holding `:`, `|`, a brace or spaces is a field, never template syntax.
@Suite("The default line and a server's keys")
struct DefaultLineServerKeysTests {
    @Test("keys with template syntax in them are printed, not parsed", arguments: [
        "time:%H", "a|fallback", "{x}", "}", " padded ", "url:https://example.org/",
    ])
    func syntaxInKeys(key: String) throws {
        let item = FlatItem(flattening: .object([.init(key, "value"), .init("id", 7)]))
        let template = try LineTemplate.defaultTemplate(shape: .elements, items: [item])
        #expect(template.fieldNames == [key, "id"])
        #expect(template.render(item, unicode: true) == "value  7")
    }

    @Test("a shape's own line is still read as a template")
    func shapeLine() throws {
        let item = FlatItem(flattening: .object([.init("temp", 12.345), .init("city", "Oslo")]))
        let template = try LineTemplate.defaultTemplate(shape: ItemShape(template: "{city} {temp:.1}"), items: [item])
        #expect(template.render(item, unicode: true) == "Oslo 12.3")
    }
}
