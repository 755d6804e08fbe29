import APICore
import Foundation
import Testing

/// `JSONValue.parse` reads an answer in its own order, and otherwise as `JSONDecoder`
/// read it through `JSONValue`'s `Decodable` conformance: it accepts the same bodies,
/// refuses the same, and gives the same values, numbers included.
@Suite struct JSONValueReadingTests {
    /// `value` with every object's members sorted by key, to compare with what `Decodable` gives.
    static func sorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .array(items): .array(items.map(sorted))
        case let .object(members):
            .object(members.map { JSONValue.Member($0.key, sorted($0.value)) }.sorted { $0.key < $1.key })
        default: value
        }
    }

    static func reference(_ data: Data) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    static let documents: [String] = [
        "null", "true", "false", " 3 ", "-0", "-0.0", "1.0", "1e2", "1E2", "1e+2", "2.5e1", "0e5", "1.5", "0.1",
        "1e-5", "1e-400", "-1e-400", "4.9e-324", "1.5e308", "1E400", "-1e400", "1.7976931348623157e309",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "12345678901234567890", "100000000000000000000000", "1e18", "9.3e18", "123456789012345678.5",
        "4.0000000000000001", "1.00000000000000000001", "9223372036854775807.0", "0.5e18",
        "01", "1.", ".5", "+1", "-", "2e", "NaN", "tru", "nulll", "", " ", "[", "[1 2]", "1 2", "[1]x",
        "[1,]", "[1 ,]", "[[],]", "[1,\n]", "[1,,2]", "[,]", "{,}", "{\"a\":1,}", "{\"a\" : 1 , }", "{\"a\":1,,}",
        "{\"a\":{},}", "{\"a\":1,\"a\":2}", "{\"a\":{\"x\":1,\"x\":[1,]},\"a\":2}", "{\"\\u0061\":1,\"a\":2}",
        "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"", "\"\\uD83D\\uDE00\"", "\"\\uDE00\\uD83D\"",
        "\"a\\u0000b\"", "\"\\x\"", "\"tab\there\"", "\"\u{7F}\"", "\"\\u00e9\"", "\"\\/\"", "\"\\u00\"", "\"\\u12G4\"",
        "\u{FEFF}{}", "\u{0C}1", "\n\t\r [1]\n", "[\u{A0}1]", "{\"b\":1,\"a\":2,\"c\":[3,{\"z\":null,\"y\":true}]}",
        "{\"k\": \"é 日本 😀\", \"n\": [1.25, -7, 3e3]}", "{\"a\" 1}", "{1:2}", "{\"a\":}", "[\"unterminated]",
    ]

    @Test func readsWhatJSONDecoderReadAndRefusesWhatItRefused() {
        for text in Self.documents {
            let data = Data(text.utf8)
            let mine = try? JSONValue.parse(data)
            let reference = Self.reference(data)
            #expect(mine.map(Self.sorted) == reference, "\(text.debugDescription)")
        }
    }

    @Test func bodiesThatAreNotUTF8() {
        let bodies: [[UInt8]] = [
            [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], [0x5B, 0x00, 0x31, 0x00, 0x5D, 0x00], [0x00, 0x5B, 0x00, 0x31, 0x00, 0x5D],
            [0xFE, 0xFF, 0x00, 0x31], [0x31, 0x00], [0x00, 0x00, 0x00, 0x31], [0x31, 0x00, 0x00, 0x00],
            [0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0xEF, 0xBB, 0xBF, 0x31],
        ]
        for body in bodies {
            let data = Data(body)
            #expect((try? JSONValue.parse(data)).map(Self.sorted) == Self.reference(data), "\(body)")
        }
    }

    @Test func nestingUpTo512Deep() {
        for depth in [511, 512, 513] {
            let arrays = Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
            let objects = Data((String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)).utf8)
            #expect(((try? JSONValue.parse(arrays)) != nil) == (depth <= 512))
            #expect(((try? JSONValue.parse(objects)) != nil) == (depth <= 512))
            #expect(((try? JSONValue.parse(arrays)) != nil) == (Self.reference(arrays) != nil))
        }
    }

    @Test func membersKeepTheAnswersOrder() throws {
        let value = try JSONValue.parse(Data(#"{"zeta":1,"alpha":{"y":2,"x":3},"mid":[{"b":1,"a":2}]}"#.utf8))
        #expect(value.members.map(\.key) == ["zeta", "alpha", "mid"])
        #expect(value["alpha"]?.members.map(\.key) == ["y", "x"])
        #expect(value.serialized(pretty: false) == #"{"zeta":1,"alpha":{"y":2,"x":3},"mid":[{"b":1,"a":2}]}"#)
    }

    /// A key given twice keeps its first value, where it first stood, in a small object
    /// and in one large enough for its keys to be looked up in a set.
    @Test func aRepeatedKeyKeepsItsFirstValueAndPlace() throws {
        let small = try JSONValue.parse(Data(#"{"a":1,"b":2,"a":3}"#.utf8))
        #expect(small == .object([.init("a", 1), .init("b", 2)]))
        let keys = (0..<20).map { "k\($0)" }
        let text = "{" + (keys + ["k3", "k17"]).enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
        let large = try JSONValue.parse(Data(text.utf8))
        #expect(large.members.map(\.key) == keys)
        #expect(large["k3"] == 3 && large["k17"] == 17)
    }

    @Test func aBodyThatIsNotJSONSaysSoWithoutItsText() {
        #expect(throws: DecodeFailure("the body is not valid JSON")) { try JSONValue.parse(Data(#"{"secret": }"#.utf8)) }
        #expect(throws: DecodeFailure("answer: malformed JSON")) {
            try JSONValue.parse(Data("[1".utf8)) { "answer: \($0)" }
        }
    }
}
