import APIBasics
import Testing

/// `prefix(characters:bytes:)`: whichever limit comes first, cut between scalars.
@Suite struct BoundedPrefixTests {
    @Test func theFirstLimitReachedCuts() {
        #expect("Zalgo".prefix(characters: 3, bytes: 100) == "Zal")
        #expect("Zalgo".prefix(characters: 10, bytes: 2) == "Za")
        #expect("Zalgo".prefix(characters: 10, bytes: 100) == "Zalgo")
        #expect("".prefix(characters: 3, bytes: 3) == "")
        #expect("café".prefix(characters: 4, bytes: 4) == "caf")   // é is two bytes
        let flood = "x" + String(repeating: "\u{301}", count: 1_000) + "y"
        #expect(flood.count == 2)
        let cut = flood.prefix(characters: 2, bytes: 11)
        #expect(cut.utf8.count == 11 && cut.unicodeScalars.count == 6)   // x and five marks
        #expect(flood.prefix(characters: 1, bytes: 10_000) == "x" + String(repeating: "\u{301}", count: 1_000))
        // A real character is kept whole or left out: no thumb without its skin tone.
        #expect("👍🏽👍🏽".prefix(characters: 5, bytes: 12) == "👍🏽")
    }
}
