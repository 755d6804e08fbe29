import APICore
import Foundation
import Testing

@Suite("Lenient decoding of drifting fields")
struct LenientDecodingTests {
    /// Reads every accessor on one object, so each case is one line of JSON.
    struct Probe: Decodable {
        var number: NumberValue?
        var integer: Int64?
        var smallInteger: Int8?
        var text: String?
        var hasObject: Bool
        var nested: [String]?

        enum Keys: String, CodingKey { case value, nested }
        enum Inner: String, CodingKey { case x }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            number = container.number(.value)
            integer = container.integer(.value)
            smallInteger = container.integer(.value)
            text = container.text(.value)
            hasObject = container.object(.value, keyedBy: Inner.self) != nil
            nested = container.lenient([String].self, .nested)
        }
    }

    func probe(_ json: String) throws -> Probe {
        try JSONDecoder().decode(Probe.self, from: Data(json.utf8))
    }

    @Test("numbers keep their kind, from numbers or numeric strings")
    func numbers() throws {
        #expect(try probe(#"{"value": 1017}"#).number == .int(1017))
        #expect(try probe(#"{"value": 1006.74}"#).number == .double(1006.74))
        #expect(try probe(#"{"value": " 12.5 "}"#).number == .double(12.5))
        #expect(try probe(#"{"value": "133"}"#).number == .int(133))
        #expect(try probe(#"{"value": "n/a"}"#).number == nil)
        #expect(try probe(#"{"value": "nan"}"#).number == nil)
    }

    @Test("whole numbers fit the integer type asked for, or are nil")
    func integers() throws {
        #expect(try probe(#"{"value": "105"}"#).integer == 105)
        #expect(try probe(#"{"value": 3.0}"#).integer == 3)
        #expect(try probe(#"{"value": 3.5}"#).integer == nil)
        #expect(try probe(#"{"value": 300}"#).smallInteger == nil)
        #expect(try probe(#"{"value": 100}"#).smallInteger == 100)
    }

    @Test("text is a string, or a number's digits")
    func text() throws {
        #expect(try probe(#"{"value": "city not found"}"#).text == "city not found")
        #expect(try probe(#"{"value": 200}"#).text == "200")
        #expect(try probe(#"{"value": 0.5}"#).text == "0.5")
        #expect(try probe(#"{"value": true}"#).text == nil)
    }

    @Test("missing, null and the wrong shape are all nil, never an error")
    func absent() throws {
        for json in [#"{}"#, #"{"value": null}"#, #"{"value": [], "nested": {}}"#, #"{"value": {"x": 1}, "nested": [1]}"#] {
            let read = try probe(json)
            #expect(read.number == nil && read.integer == nil && read.text == nil && read.nested == nil, "\(json)")
        }
        #expect(try probe(#"{"value": {"x": 1}}"#).hasObject)
        #expect(try !probe(#"{"value": []}"#).hasObject)
        #expect(try probe(#"{"nested": ["a", "b"]}"#).nested == ["a", "b"])
    }

    @Test("the wrappers serve required fields: a wrong value is a DecodingError")
    func required() throws {
        #expect(try JSONDecoder().decode(FlexibleInteger.self, from: Data(#""42""#.utf8)).value == 42)
        #expect(try JSONDecoder().decode([FlexibleText].self, from: Data(#"["a", 1]"#.utf8)).map(\.value) == ["a", "1"])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FlexibleInteger.self, from: Data("2.5".utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FlexibleNumber.self, from: Data("{}".utf8)) }
    }
}
