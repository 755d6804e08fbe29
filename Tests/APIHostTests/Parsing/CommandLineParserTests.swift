import Testing
@testable import APIHost

@Suite struct CommandLineParserTests {
    let parser = CommandLineParser(options: GlobalOptions.specs + [
        .value("units", valueName: "UNITS", help: "", choices: ["metric", "imperial", "standard"]),
        .value("cnt", valueName: "N", help: ""),
    ])

    @Test func longOptionsWithSpaceOrEquals() throws {
        let result = try parser.parse(["Paris", "--units", "imperial", "--cnt=3", "London"])
        #expect(result.positionals == ["Paris", "London"])
        #expect(result.values["units"] == "imperial")
        #expect(result.values["cnt"] == "3")
    }

    @Test func bundledShortFlagsAndShortValue() throws {
        let result = try parser.parse(["-vq", "-fjson", "x"])
        #expect(result.values["verbose"] == "true")
        #expect(result.values["quiet"] == "true")
        #expect(result.values["format"] == "json")
        #expect(result.positionals == ["x"])
    }

    @Test func doubleDashEndsOptions() throws {
        let result = try parser.parse(["--json", "--", "--units", "-x"])
        #expect(result.positionals == ["--units", "-x"])
        #expect(result.values["json"] == "true")
    }

    @Test func negativeNumbersAreWords() throws {
        #expect(try parser.parse(["-5"]).positionals == ["-5"])
    }

    @Test func negativeCoordinatesAreWords() throws {
        #expect(try parser.parse(["-33.87,151.21", "-33.87, -151.21"]).positionals == ["-33.87,151.21", "-33.87, -151.21"])
        #expect(throws: UsageError.self) { try parser.parse(["-33.87,x"]) }
    }

    @Test func unknownOptionSuggestsNearest() {
        #expect(throws: UsageError("unknown option '--unts'; did you mean '--units'?")) {
            try parser.parse(["Paris", "--unts", "metric"])
        }
    }

    @Test func valueOutsideChoicesIsAUsageError() {
        #expect(throws: UsageError.self) { try parser.parse(["--units", "kelvin"]) }
    }

    @Test func missingValueIsAUsageError() {
        #expect(throws: UsageError("--cnt needs a value (N)")) { try parser.parse(["--cnt"]) }
    }

    @Test func flagWithValueIsAUsageError() {
        #expect(throws: UsageError("--json takes no value")) { try parser.parse(["--json=yes"]) }
    }
}
