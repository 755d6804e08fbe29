import APICore
import Testing

@Suite("Typed option values")
struct ParsedCommandValuesTests {
    enum Units: String, CaseIterable { case metric, imperial }

    @Test("a choice reads case-insensitively; anything else is a usage error naming the choices")
    func choices() throws {
        #expect(try ParsedCommand(arguments: [], values: ["units": "Imperial"]).choice("units", as: Units.self) == .imperial)
        #expect(try ParsedCommand(arguments: []).choice("units", as: Units.self) == nil)
        #expect(throws: UsageError("--units must be one of metric, imperial, not 'kelvin'")) {
            try ParsedCommand(arguments: [], values: ["units": "kelvin"]).choice("units", as: Units.self)
        }
    }

    @Test("a date reads either spelling; an impossible one is a usage error quoting it")
    func dates() throws {
        #expect(try ParsedCommand(arguments: [], values: ["from": " 2024-01-31 "]).date("from")?.compact == "20240131")
        #expect(try ParsedCommand(arguments: []).date("from") == nil)
        #expect(
            throws: UsageError(
                "--to must be a real date as YYYYMMDD or YYYY-MM-DD (e.g. 2024-01-31), not '2024-02-30'")
        ) {
            try ParsedCommand(arguments: [], values: ["to": "2024-02-30"]).date("to")
        }
    }

    @Test("words are the arguments with their whitespace collapsed")
    func words() {
        #expect(ParsedCommand(arguments: ["  c++ ", "&\trust", ""]).words == "c++ & rust")
        #expect(ParsedCommand(arguments: ["   "]).words.isEmpty)
    }
}
