import APICore
import Foundation
import Testing
import TestSupport
@testable import Weather

/// The stored `local_names` of a place read back by the byte reader, with `JSONDecoder`
/// for what it does not read: the same names either way, `[:]` for what is not an object
/// of strings.
@Suite("Local names column")
struct LocalNamesColumnTests {
    /// What `JSONDecoder` makes of `text`, as the read-back did before.
    static func decoded(_ text: String) -> [String: String] {
        (try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))) ?? [:]
    }

    @Test("a real place's hundreds of names, as stored: read by the byte reader, the decoder's answer")
    func realNames() throws {
        var warnings: [String] = []
        let place = try WeatherProvider().decodeLookup(
            try TestSupport.Fixtures.real("geo/direct_london_gb_dblock_2026.json"), for: WeatherQuery(city: "London,GB"),
            warnings: &warnings)
        #expect(place.localNames.count > 100)
        let text = try LocalNamesColumn.text(place.localNames)
        var bytes = text
        let fast = bytes.withUTF8 { LocalNamesColumn.plainObject(UnsafeRawBufferPointer($0)) }
        #expect(fast == place.localNames, "the byte reader reads what is stored")
        #expect(LocalNamesColumn.names(text) == place.localNames)
        #expect(LocalNamesColumn.names(text) == Self.decoded(text))
    }

    @Test(
        "every shape gives the decoder's answer",
        arguments: [
            #"{}"#, #" { "fr" : "Londres" , "de":"London" } "#, #"{"fr":"L\u00f6ndres\n\"x\"","ja":"ロンドン"}"#,
            #"{"a\/b":"escaped key"}"#, #"{"fr":"one","fr":"two"}"#, #"{"fr":1}"#, #"{"fr":null}"#, #"{"fr":["x"]}"#,
            #"["fr"]"#, #""fr""#, "", "{", #"{"fr":"x"} trailing"#, #"{"fr":"\ud83d\ude00"}"#, #"{"fr":"\ud83d"}"#,
        ])
    func shapes(text: String) {
        #expect(LocalNamesColumn.names(text) == Self.decoded(text), "\(text)")
    }

    @Test("what the byte reader leaves to the decoder: escaped keys, a key twice, values that are not strings")
    func leftToTheDecoder() {
        for text in [#"{"a\/b":"x"}"#, #"{"fr":"one","fr":"two"}"#, #"{"fr":1}"#, "{", #"{"fr":"\ud83d"}"#] {
            var bytes = text
            #expect(bytes.withUTF8 { LocalNamesColumn.plainObject(UnsafeRawBufferPointer($0)) } == nil, "\(text)")
        }
    }
}
