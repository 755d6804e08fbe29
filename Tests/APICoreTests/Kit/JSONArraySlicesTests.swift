import APICore
import Foundation
import Testing
import TestSupport

/// The byte scanner that splits `response.docs`, on the real NYT bodies it was written
/// for and on the real weather bodies too.
@Suite struct JSONArraySlicesTests {
    /// NYT's search answers (not its error bodies).
    static let searchFiles = [
        "nyt-2016-05-dog-video-multimedia-docs.json",
        "nyt-2016-11-compact-escaped-slashes.json",
        "nyt-2017-03-wordcount-int-printpage-int.json",
    ]
    static let weatherFolder = Fixtures.realRoot.appendingPathComponent("weather")
    static let weatherFiles = [
        "weather-bethnal-green-2014-standard-cnt25-one-item.json", "weather-london-2013-standard-cnt1.json",
        "weather-london-2019-metric-cnt3.json", "weather-rostov-metric-ru-cnt8.json",
        "weather-strasbourg-metric-fr-cnt40.json", "weather-wroclaw-metric-cnt3.json",
    ]

    /// Each element's bytes, parsed on their own, equal the element parsed in place.
    func expectElementsMatch(_ data: Data, path: [String]) throws {
        let slices = try #require(JSONArraySlices.find(path, in: data), "no \(path) found")
        var value = try JSONSerialization.jsonObject(with: data)
        for key in path { value = try #require((value as? [String: Any])?[key]) }
        let parsed = try #require(value as? [Any])
        #expect(slices.elements.count == parsed.count)
        for (range, expected) in zip(slices.elements, parsed) {
            let element = try JSONSerialization.jsonObject(
                with: slices.element(range, of: data), options: .fragmentsAllowed)
            #expect(try canonical(element) == canonical(expected))
        }
        let emptied = try #require(
            JSONSerialization.jsonObject(with: slices.documentWithoutElements(data)) as? [String: Any])
        var inner: Any = emptied
        for key in path { inner = try #require((inner as? [String: Any])?[key]) }
        #expect((inner as? [Any])?.isEmpty == true)
    }

    /// A value as JSON text with sorted keys, to compare two parsed values.
    func canonical(_ value: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys])
    }

    @Test(arguments: searchFiles)
    func splitsTheDocsOfEveryNYTFixture(_ name: String) throws {
        try expectElementsMatch(Fixtures.real("nyt/" + name), path: ["response", "docs"])
    }

    /// Rostov has a newline before a value and a line starting `,{"dt"`.
    @Test(arguments: weatherFiles)
    func splitsTheListOfEveryWeatherFixture(_ name: String) throws {
        try expectElementsMatch(Data(contentsOf: Self.weatherFolder.appendingPathComponent(name)), path: ["list"])
    }

    @Test func whitespaceEscapesAndBracketsInStrings() throws {
        let text = "\r\n\t { \"status\" :\n\"OK\" , \"response\"\t:\r\n{ \"meta\" : {\"hits\" : 3 } ,\n \"docs\"  :\n [ "
            + #" {"_id":"a\"]}\\","u":"\u00e9\/x","n":[[1,{"k":"]"}],[]]} "#
            + " ,\n\t\"text\" , -1.5e3 ,true,null ,[ ] ,{} \n ] \n } , \"tail\" : [\"[\" , \"{\"] } \n"
        let data = Data(text.utf8)
        try expectElementsMatch(data, path: ["response", "docs"])
        let slices = try #require(JSONArraySlices.find(["response", "docs"], in: data))
        let elements = slices.elements.map { String(decoding: slices.element($0, of: data), as: UTF8.self) }
        #expect(elements == [
            #"{"_id":"a\"]}\\","u":"\u00e9\/x","n":[[1,{"k":"]"}],[]]}"#, #""text""#, "-1.5e3", "true", "null",
            "[ ]", "{}",
        ])
    }

    @Test func emptyArrayAndArrayBeforeSiblings() throws {
        let data = Data(#"{"response":{"docs":[],"meta":{"hits":0}},"status":"OK"}"#.utf8)
        let slices = try #require(JSONArraySlices.find(["response", "docs"], in: data))
        #expect(slices.elements.isEmpty)
        #expect(String(decoding: slices.documentWithoutElements(data), as: UTF8.self) == String(decoding: data, as: UTF8.self))
    }

    /// Offsets count from the document's first byte, even in a `Data` slice of a larger buffer.
    @Test func offsetsAreFromTheDocumentsFirstByte() throws {
        let whole = Data(#"xxxx{"docs":[1,{"a":2}]}"#.utf8)
        let document = whole[4...]
        let slices = try #require(JSONArraySlices.find(["docs"], in: document))
        #expect(slices.array == 8..<19)
        #expect(slices.elements == [9..<10, 11..<18])
        #expect(String(decoding: slices.element(slices.elements[1], of: document), as: UTF8.self) == #"{"a":2}"#)
        #expect(String(decoding: slices.documentWithoutElements(document), as: UTF8.self) == #"{"docs":[]}"#)
    }

    @Test(arguments: [
        "", "   ", "[]", "null", "\u{FEFF}{\"response\":{\"docs\":[]}}",
        #"{"response":{"meta":{}}}"#,  // no docs
        #"{"status":"OK"}"#,  // no response
        #"{"response":{"docs":null}}"#, #"{"response":{"docs":{}}}"#, #"{"response":"docs"}"#,
        #"{"response":{"docs":[]},"response":{"docs":[]}}"#,  // named twice
        #"{"response":{"docs":[],"docs":[1]}}"#,
        #"{"respons\u0065":{"docs":[]}}"#,  // a key on the path written with an escape
        #"{"response":{"d\u006fcs":[1]}}"#,
        #"{"response":{"docs":[1 2]}}"#,  // a missing comma
        #"{"response":{"docs":[1,]}}"#, #"{"response":{"docs":[,1]}}"#,
        #"{"response":{"docs":[{"a":"b}]}}"#,  // an unterminated string
        #"{"response":{"docs":[{"a":[1]}}"#,  // unbalanced
        #"{"response":{"docs":[1]}} x"#, #"{"response":{"docs":[1]}"#, #"{"response" {"docs":[1]}}"#,
        #"{"response":{"docs":[1]} "status":"OK"}"#, #"{"a":1,}"#, #"{"a":@,"response":{"docs":[]}}"#,
    ])
    func answersNilForWhatItCannotSplitSafely(_ text: String) {
        #expect(JSONArraySlices.find(["response", "docs"], in: Data(text.utf8)) == nil)
    }

    @Test func anEmptyPathFindsNothing() {
        #expect(JSONArraySlices.find([], in: Data("[1]".utf8)) == nil)
    }
}
