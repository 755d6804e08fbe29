import Testing
@testable import APIHost

@Suite("NearestName")
struct NearestNameTests {
    static let options = ["--units", "--lang", "--cnt", "--format", "--offline", "--refresh", "--verbose"]
    static let providers = ["nyt", "weather", "providers", "help", "config", "store", "completions", "manpage"]

    @Test("suggests the closest name within the threshold", arguments: [
        ("--unts", "--units"),
        ("--untis", "--units"), // transposition
        ("--fromat", "--format"),
        ("--ofline", "--offline"),
        ("--LANG", "--lang"),
        ("--verbos", "--verbose"),
    ])
    func options(input: String, expected: String) {
        #expect(NearestName.suggest(input, among: Self.options) == expected)
    }

    @Test("suggests commands and providers", arguments: [
        ("nty", "nyt"),
        ("wether", "weather"),
        ("weathr", "weather"),
        ("provders", "providers"),
        ("completion", "completions"),
        ("wea", "weather"), // a unique prefix
    ])
    func commands(input: String, expected: String) {
        #expect(NearestName.suggest(input, among: Self.providers) == expected)
    }

    @Test("no suggestion for nonsense, an exact match, or an ambiguous prefix", arguments: [
        "xyz", "--zzzzzz", "basketball", "", "nyt", "p",
    ])
    func none(input: String) {
        #expect(NearestName.suggest(input, among: Self.providers + Self.options) == nil)
    }

    @Test("distance counts edits and adjacent swaps")
    func distance() {
        func d(_ a: String, _ b: String) -> Int { NearestName.distance(Array(a), Array(b)) }
        #expect(d("", "abc") == 3)
        #expect(d("kitten", "sitting") == 3)
        #expect(d("ab", "ba") == 1)
        #expect(d("units", "units") == 0)
        #expect(d("ca", "abc") == 3) // optimal string alignment, not unrestricted Damerau
    }

    @Test("ties go to the earlier candidate")
    func ties() {
        #expect(NearestName.suggest("cat", among: ["bat", "hat"]) == "bat")
        #expect(NearestName.suggest("cat", among: ["hat", "bat"]) == "hat")
    }
}
