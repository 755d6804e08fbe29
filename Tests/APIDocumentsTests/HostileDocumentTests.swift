@testable import APIDocuments
import Testing

/// Documents made to hurt a reader: each is one clear error, in bounded time and
/// memory, and no error message carries a raw control byte.
@Suite struct HostileDocumentTests {
    @Test func tenThousandLevelsOfJSONNestingIsOneError() throws {
        for (open, close) in [("[", "]"), ("{\"a\":", "}")] {
            let text = String(repeating: open, count: 10_000) + "1" + String(repeating: close, count: 10_000)
            let error = try #require(readingError { () throws(DocumentError) in try readJSON(text) })
            #expect(error.kind == .limit)
            #expect(error.reason == "nested more than 256 levels deep")
            #expect(error.line == 1)
        }
        // The bound is exact: 256 levels read, 257 do not.
        #expect(try readJSON(String(repeating: "[", count: 256) + String(repeating: "]", count: 256)).array?.count == 1)
        #expect(readingError { () throws(DocumentError) in
            try readJSON(String(repeating: "[", count: 257) + String(repeating: "]", count: 257))
        }?.kind == .limit)
    }

    @Test func tenThousandLevelsOfYAMLNestingIsOneError() throws {
        let flow = String(repeating: "[", count: 10_000) + "1" + String(repeating: "]", count: 10_000)
        // Block sequences nest on one line ("- - - 1"); block mappings need indentation, so 300 levels of them.
        let compact = String(repeating: "- ", count: 10_000) + "1\n"
        var indented = ""
        for level in 0..<300 { indented += String(repeating: " ", count: level) + "a:\n" }
        for text in [flow, compact, indented, "a: " + flow] {
            let error = try #require(readingError { () throws(DocumentError) in try readYAML(text) })
            #expect(error.kind == .limit)
            #expect(error.reason == "nested more than 256 levels deep")
        }
    }

    @Test func aliasesCannotNestPastTheBound() throws {
        // 200 levels, then an alias of it 100 levels down: 300 levels in the tree.
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        let text = "a: &deep \(deep)\nb: " + String(repeating: "[", count: 100) + "*deep" + String(repeating: "]", count: 100)
        let error = try #require(readingError { () throws(DocumentError) in try readYAML(text) })
        #expect(error.kind == .limit)
        #expect(error.line == 2)
    }

    @Test func billionLaughsIsOneError() throws {
        var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        let names = ["b", "c", "d", "e", "f", "g", "h", "i"]
        var previous = "a"
        for name in names {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
            previous = name
        }
        let error = try #require(readingError { () throws(DocumentError) in try readYAML(text) })
        #expect(error.kind == .limit)
        #expect(error.reason == "aliases repeat more than 1000000 values (a \"billion laughs\" document?)")
        // The same shape, smaller, reads: aliases themselves are fine.
        let small = "a: &a [lol, lol]\nb: &b [*a, *a]\nc: [*b, *b]\n"
        #expect(try readYAML(small)["c"]?.array?.first?.array?.count == 2)
        // Merge keys count too: they repeat what an alias names.
        let merged = try readYAML("base: &base {x: 1}\none: {<<: *base}\n")
        #expect(merged["one"]?["x"]?.int == 1)
    }

    @Test func aliasesCountTheBytesTheyRepeat() throws {
        // One 4 MiB value used 300 times is few values and 1.2 GB of text to whatever reads the tree.
        let big = String(repeating: "a", count: 4 << 20)
        var text = "x: &s '\(big)'\n"
        for index in 0..<300 { text += "p\(index): *s\n" }
        let error = try #require(readingError { () throws(DocumentError) in try readYAML(text) })
        #expect(error.kind == .limit)
        #expect(error.reason == "aliases repeat more than 16 MiB of text (one large value used many times?)")
        #expect(error.line == 6, "the fifth alias, which takes the total past 16 MiB")
        // Inside a sequence or a mapping, the anchored value's text is counted whole, keys too.
        let nested = "x: &s {k: '\(big)'}\n" + (0..<5).map { "p\($0): [*s]\n" }.joined()
        #expect(readingError { () throws(DocumentError) in try readYAML(nested) }?.kind == .limit)
        // The same value used four times (16 MiB) reads.
        #expect(try readYAML("x: &s '\(big)'\n" + (0..<4).map { "p\($0): *s\n" }.joined())["p3"]?.string?.utf8.count == 4 << 20)
    }

    @Test func aliasCyclesAreOneError() throws {
        for text in ["a: &a [*a]", "a: &a {b: *a}", "a: &a {b: [{c: *a}]}", "&x\n- *x\n"] {
            let error = try #require(readingError { () throws(DocumentError) in try readYAML(text) }, "\(text)")
            #expect(error.reason == "the alias *\(text.contains("&x") ? "x" : "a") is inside the value its anchor names (a cycle)")
        }
    }

    @Test func aDocumentPastTheSizeBoundIsRefusedBeforeReading() throws {
        // 100 MB: refused by its size alone, by both readers.
        let big = [UInt8](repeating: UInt8(ascii: " "), count: 100_000_000)
        for format in DocumentFormat.allCases {
            let error = try #require(readingError { () throws(DocumentError) in try format.read(big) })
            #expect(error.kind == .limit)
            #expect(error.reason == "the document is 95.4 MiB; apicli reads documents of up to 64 MiB")
        }
        let small = DocumentLimits(maxBytes: 10)
        #expect(readingError { () throws(DocumentError) in try readJSON("[1, 2, 3, 4]", limits: small) }?.kind == .limit)
        #expect(try readJSON("[1, 2, 3]", limits: small).array?.count == 3)
    }

    @Test func duplicateKeysHiddenBehindACarriageReturnAreFound() throws {
        // A CR makes a terminal show the second line over the first.
        let text = "{\"baseURL\": \"https://evil.example\",\r\"baseURL\": \"https://good.example\"}"
        let error = try #require(readingError { () throws(DocumentError) in try readJSON(text) })
        #expect(error.kind == .duplicateKey)
        let yaml = try #require(readingError { () throws(DocumentError) in try readYAML("baseURL: a\rbaseURL: b\n") })
        #expect(yaml.kind == .duplicateKey)
    }

    /// Every control byte, DEL, C1 controls and bidi controls, dropped into a few
    /// documents in every position: whatever the readers say, it is terminal-safe.
    @Test func noErrorMessageCarriesARawControlByte() throws {
        let hostile: [String] = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
            + ["\u{7F}", "\u{85}", "\u{9B}", "\u{202E}", "\u{2066}", "\u{200F}", "\u{2028}", "\u{FEFF}"]
        let documents = [
            "{\"key\": \"value\", \"list\": [1, true, null]}",
            "key: value\nlist: [1, true, null]\nmap: {a: &x b, c: *x}\n",
            "- \"quoted\"\n- 'single'\n- plain\n",
        ]
        var checked = 0
        for document in documents {
            let scalars = Array(document.unicodeScalars)
            for position in 0...scalars.count {
                for character in hostile {
                    var text = String(String.UnicodeScalarView(scalars[..<position]))
                    text += character
                    text += String(String.UnicodeScalarView(scalars[position...]))
                    for format in DocumentFormat.allCases {
                        if let error = readingError({ () throws(DocumentError) in try format.read(Array(text.utf8)) }) {
                            #expect(isTerminalSafe(error.description), "\(format): \(error.description.debugDescription)")
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked > 1000)
    }
}
