import Testing
@testable import APIHost

@Suite("LineTemplate")
struct LineTemplateTests {
    static let item = FlatItem(fields: [
        ("local_time", "2022-09-23T00:05:09+03:00"), ("time", "2022-09-22T21:05:09Z"), ("dt", 1_663_880_709),
        ("temp", 10.27), ("gust", nil), ("text", "a\u{1B}]52;c;eA==\u{07}b\u{202E}c\td\ne"), ("wide", "東京タワー"),
        ("city.name", "Ростов"),
    ])

    func line(_ template: String) throws -> String {
        try LineTemplate(template).render(Self.item, unicode: true)
    }

    @Test("time formats keep the value's own offset; Unix seconds are UTC")
    func times() throws {
        #expect(try line("{local_time:%Y-%m-%d %H:%M:%S %a %b %j %z}") == "2022-09-23 00:05:09 Fri Sep 266 +0300")
        #expect(try line("{time:%H:%M%%}") == "21:05%")
        #expect(try line("{dt:%d %B %I%p}") == "22 September 09PM")
    }

    @Test("precision, width with an ellipsis, defaults, braces and nested names")
    func directives() throws {
        #expect(try line("{temp:.0}|{temp:.3}") == "10|10.270")
        #expect(try line("{wide:5}") == "東京…")
        #expect(try line("{gust|calm} {missing|?} {gust}") == "calm ? ")
        #expect(try line("{{{city.name}}} {city}") == #"{Ростов} {"name":"Ростов"}"#)
    }

    @Test("server text is cleaned: no escape sequences, controls or bidi overrides; one line")
    func hostileText() throws {
        #expect(try line("[{text}]") == "[abc d e]")
        #expect(try line("{text:3}") == "ab…")
    }

    @Test("mistakes name their column", arguments: [
        ("{temp", 1), ("ab}", 3), ("{ }", 2), ("{temp:%}", 7), ("{temp:%H%q}", 9), ("{temp:-1}", 7), ("a {b{c}", 5),
    ])
    func errors(template: String, column: Int) {
        #expect {
            try LineTemplate(template)
        } throws: { error in
            (error as? UsageError)?.message.hasPrefix("bad --template at column \(column):") == true
        }
    }

    @Test("an unknown field without a default is refused at its column")
    func unknownField() throws {
        let template = try LineTemplate("{temp} {tmep}")
        #expect {
            try template.check(against: ["temp", "time"])
        } throws: { error in
            let message = (error as? UsageError)?.message ?? ""
            return message.hasPrefix("bad --template at column 9: unknown field 'tmep'") && message.contains("did you mean 'temp'")
        }
        try LineTemplate("{tmep|-}").check(against: ["temp"])
    }
}
