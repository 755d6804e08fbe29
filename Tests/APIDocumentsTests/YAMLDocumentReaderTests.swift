@testable import APIDocuments
import Testing

@Suite struct YAMLDocumentReaderTests {
    @Test func readsTheSameTreeAsJSONWithLines() throws {
        let yaml = try readYAML("""
        openapi: 3.0.0
        info:
          title: Books
          version: 1.0
        paths:
          /lists.json:
            get:
              parameters:
                - name: list
                  required: true
        """)
        #expect(yaml["openapi"]?.string == "3.0.0")
        #expect(yaml["info"]?.line == 3)
        #expect(yaml["info"]?["version"]?.value == .number("1.0"))
        let parameter = try #require(yaml["paths"]?["/lists.json"]?["get"]?["parameters"]?.array?.first)
        #expect(parameter.line == 9)
        #expect(parameter["name"]?.string == "list")
        #expect(parameter["required"]?.bool == true)
        let json = try readJSON(#"{"openapi": "3.0.0", "info": {"title": "Books", "version": 1.0}, "#
            + #""paths": {"/lists.json": {"get": {"parameters": [{"name": "list", "required": true}]}}}}"#)
        #expect(firstDifference(yaml, json) == nil)
    }

    @Test(arguments: [
        ("~", DocumentNode.Value.null), ("null", .null), ("NULL", .null), ("", .null),
        ("true", .bool(true)), ("False", .bool(false)), ("TRUE", .bool(true)),
        ("12", .number("12")), ("+12", .number("12")), ("-7", .number("-7")), ("0", .number("0")),
        ("0o17", .number("15")), ("0x1F", .number("31")), ("1.5", .number("1.5")), ("1.", .number("1.0")),
        (".5", .number("0.5")), ("-.5e3", .number("-0.5e3")), ("1e3", .number("1e3")), ("1E-2", .number("1e-2")),
        // Not core-schema bool/null/int/float: text as written.
        ("yes", .string("yes")), ("off", .string("off")), ("2021-03-04", .string("2021-03-04")),
        ("2001-12-14t21:59:43.10-05:00", .string("2001-12-14t21:59:43.10-05:00")), ("12:30:00", .string("12:30:00")),
        ("1_000", .string("1_000")), ("0553391925", .string("0553391925")), (".inf", .string(".inf")),
        ("-.INF", .string("-.INF")), (".nan", .string(".nan")), ("0x", .string("0x")), ("0o9", .string("0o9")),
        ("0xFFFFFFFFFFFFFFFFFF", .string("0xFFFFFFFFFFFFFFFFFF")), ("nULL", .string("nULL")), ("1.2.3", .string("1.2.3")),
    ])
    func resolvesPlainScalarsByTheCoreSchema(text: String, value: DocumentNode.Value) throws {
        let root = try readYAML("a: \(text)\n")
        #expect(root["a"]?.value == value)
    }

    @Test func quotedAndBlockScalarsAreAlwaysText() throws {
        let root = try readYAML("""
        a: "12"
        b: 'true'
        c: "null"
        d: |
          2021-03-04
        e: >-
          1.5
        f: !!str 42
        g: ! 42
        h: !!int 42
        i: !!timestamp 2001-12-14
        j: !custom 7
        """)
        #expect(root["a"]?.string == "12")
        #expect(root["b"]?.string == "true")
        #expect(root["c"]?.string == "null")
        #expect(root["d"]?.string == "2021-03-04\n")
        #expect(root["e"]?.string == "1.5")
        #expect(root["f"]?.string == "42")
        #expect(root["g"]?.string == "42")
        #expect(root["h"]?.value == .number("42"))
        #expect(root["i"]?.string == "2001-12-14")
        #expect(root["j"]?.string == "7")
    }

    @Test func keysAreTheirTextAsWritten() throws {
        let root = try readYAML("responses:\n  200:\n    description: OK\n  \"404\": {description: Missing}\n  true: x\n")
        #expect(root["responses"]?.members?.map(\.key) == ["200", "404", "true"])
    }

    @Test func resolvesAnchorsAndAliases() throws {
        let root = try readYAML("""
        base: &base
          type: string
          enum: [a, b]
        name: *base
        list: [*base, *base]
        scalar: &word hello
        again: *word
        """)
        #expect(root["name"] == root["base"])
        #expect(root["list"]?.array == [root["base"]!, root["base"]!])
        #expect(root["again"]?.string == "hello")
        // The repeated value keeps the lines where it was written.
        #expect(root["name"]?["type"]?.line == 2)
    }

    @Test func mergesMappingsWithExplicitKeysWinning() throws {
        let root = try readYAML("""
        a: &a {x: 1, y: 1}
        b: &b {y: 2, z: 2, w: 2}
        one:
          <<: *a
          y: 9
        many:
          <<: [*a, *b]
          w: 9
        inline:
          k: 0
          <<: {k: 1, m: 1}
        """)
        #expect(root["one"]?.members?.map(\.key) == ["x", "y"])
        #expect(root["one"]?["y"]?.int == 9)
        #expect(root["one"]?["x"]?.int == 1)
        #expect(root["many"]?.members?.map(\.key) == ["x", "y", "z", "w"])
        #expect(root["many"]?["y"]?.int == 1)
        #expect(root["many"]?["w"]?.int == 9)
        #expect(root["inline"]?.members?.map(\.key) == ["k", "m"])
        #expect(root["inline"]?["k"]?.int == 0)
    }

    @Test func aQuotedMergeKeyIsAnOrdinaryKey() throws {
        let root = try readYAML("a: &a {x: 1}\nb:\n  \"<<\": *a\n")
        #expect(root["b"]?.members?.map(\.key) == ["<<"])
    }

    @Test(arguments: [
        ("a: {<<: 1}", "a merge key (<<) takes a mapping or a sequence of mappings, not a number"),
        ("a: {<<: [{x: 1}, 2]}", "a merge key (<<) takes a mapping or a sequence of mappings, not an array"),
        ("a: *nowhere", "the alias *nowhere names no anchor before it"),
        ("? [a, b]\n: c", "a key that is a sequence; apicli reads keys that are text"),
        ("? {a: 1}\n: c", "a key that is a mapping; apicli reads keys that are text"),
        ("a: &x [1]\n*x : 2", "the key *x is an array; apicli reads keys that are text"),
        ("a: 1\n---\nb: 2", "a second YAML document starts here; apicli reads one document per file"),
        ("", "the document is empty"),
        ("# only a comment\n", "the document is empty"),
    ])
    func refusesWhatTheTreeCannotHold(text: String, reason: String) throws {
        let error = try #require(readingError { () throws(DocumentError) in try readYAML(text) })
        #expect(error.reason == reason)
        #expect(error.line > 0)
    }

    @Test func refusesDuplicateKeysNamingBothLines() throws {
        let error = try #require(readingError { () throws(DocumentError) in
            try readYAML("servers:\n  - url: https://good.example\nbaseURL: a\nother: 1\nbaseURL: b\n")
        })
        #expect(error.kind == .duplicateKey)
        #expect(error.line == 5)
        #expect(error.column == 1)
        #expect(error.reason.contains("\"baseURL\""))
        #expect(error.reason.contains("line 3 and line 5"))
        // A quoted and a plain spelling are the same key.
        #expect(readingError { () throws(DocumentError) in try readYAML("a: 1\n'a': 2\n") }?.kind == .duplicateKey)
        #expect(readingError { () throws(DocumentError) in try readYAML("<<: {a: 1}\n<<: {b: 1}\n") }?.kind == .duplicateKey)
        // Merged keys are not duplicates of written ones.
        #expect(try readYAML("<<: {a: 1}\na: 2\n")["a"]?.int == 2)
    }

    @Test func reportsLibyamlSyntaxErrorsWithLineAndColumn() throws {
        let error = try #require(readingError { () throws(DocumentError) in try readYAML("a:\n  b: 1\n c: 2\n") })
        #expect(error.kind == .syntax)
        #expect(error.line == 3)
        #expect(error.column == 2)
        #expect(error.reason.contains("did not find expected key"))
        #expect(error.reason.contains("while parsing a block mapping that starts on line 1, column 1"))

        let tab = try #require(readingError { () throws(DocumentError) in try readYAML("a:\n\tb: 1\n") })
        #expect(tab.line == 2)
        #expect(tab.reason.hasPrefix("found character that cannot start any token: a tab, and YAML indents with spaces"))
        let reserved = try #require(readingError { () throws(DocumentError) in try readYAML("a: `b`\n") })
        #expect(reserved.reason.hasPrefix("found character that cannot start any token: '`'"))
    }

    @Test func keepsEscapedControlAndBidiCharacters() throws {
        let root = try readYAML("summary: \"\\e[2J\\a \\u202Eevil\"\nenum: [\"\\e]52;c;eA==\\a\"]\nraw: \u{202E}x\u{2066}\n")
        #expect(root["summary"]?.string == "\u{1B}[2J\u{07} \u{202E}evil")
        #expect(root["enum"]?.array?.first?.string == "\u{1B}]52;c;eA==\u{07}")
        #expect(root["raw"]?.string == "\u{202E}x\u{2066}")
    }

    @Test func namesARawControlByteWithoutPrintingIt() throws {
        let error = try #require(readingError { () throws(DocumentError) in try readYAML("a: 1\nb: x\u{1B}]52;c;eA==\u{07}\n") })
        #expect(error.kind == .syntax)
        #expect(error.line == 2)
        #expect(error.column == 5)
        #expect(error.reason.contains("0x1B"))
        #expect(isTerminalSafe(error.description))
    }

    @Test func loadsLibyamlAndSaysClearlyWhenItIsMissing() throws {
        #expect(YAMLLibrary.version?.hasPrefix("0.") == true)
        #expect(YAMLLibrary.problemLoading("libyaml-0.so.2") == nil)
        let message = try #require(YAMLLibrary.problemLoading("libyaml-missing.so.9"))
        #expect(message == "reading YAML needs libyaml (libyaml-missing.so.9), which is not installed: install it "
            + "(Debian and Ubuntu: apt-get install libyaml-0-2) or convert the document to JSON")
        #expect(!message.contains("\n"))
        // A library without libyaml's entry points is named too.
        #expect(YAMLLibrary.problemLoading("libc.so.6")?.contains("lacks yaml_get_version_string") == true)
    }
}

#if os(Linux)
import Foundation

@Suite struct YAMLLibraryLoadingTests {
    /// The positive half of apicliTests' "No libyaml without a YAML document": reading
    /// YAML is what maps libyaml into the process.
    @Test func readingYAMLMapsLibyaml() throws {
        _ = try readYAML("a: 1\n")
        // RTLD_NOLOAD opens nothing: it finds the library only if it is already loaded.
        let handle = dlopen("libyaml-0.so.2", RTLD_LAZY | RTLD_NOLOAD)
        #expect(handle != nil)
        if let handle { dlclose(handle) }
    }
}
#endif
