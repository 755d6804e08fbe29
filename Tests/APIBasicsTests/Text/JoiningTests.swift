import APIBasics
import Testing

/// `joined(with:)` writes what the standard library's `joined(separator:)` writes.
@Suite struct JoiningTests {
    @Test(arguments: [[], [""], ["a"], ["", ""], ["city_key = ?", "units = ?", "lang = ?"], ["é", "日本", "", "x y"]])
    func sameAsTheStandardLibrary(parts: [String]) {
        for separator in ["", ", ", " AND ", "/"] {
            #expect(parts.joined(with: separator) == parts.joined(separator: separator))
        }
    }
}
