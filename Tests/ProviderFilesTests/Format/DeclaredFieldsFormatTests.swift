import APIDocuments
@testable import APIHost
@testable import ProviderFiles
import Foundation
import Testing
import TestSupport

/// The fields that carry what a document declares: `pattern`, `apiDefault`, optional
/// words, an operation without the key, an optional key and `headers`; read, checked
/// (a bad value is one problem naming its field), written back, and enforced.
@Suite("Declared parameters and keys in the provider file format")
struct DeclaredFieldsFormatTests {
    static let file = """
        {
          "apicli": 2, "name": "books", "summary": "Best sellers.", "baseURL": "https://books.invalid",
          "key": {"parameter": "api-key", "optional": true},
          "headers": [{"header": "User-Agent", "name": "user-agent", "help": "Who you are."}],
          "operations": [
            {"name": "by-date", "summary": "One list.", "path": "/lists/{date}/{list}.json",
             "arguments": [{"name": "date", "parameter": "date", "type": "date", "format": "yyyy-MM-dd",
                            "pattern": "^(\\\\d{4}-\\\\d{2}-\\\\d{2}|current)$"},
                           {"name": "list", "parameter": "list"}],
             "options": [{"name": "code", "parameter": "code", "type": "text", "pattern": "^AC[0-9a-f]{4}$",
                          "apiDefault": "AC0000", "default": "ACabcd"}],
             "items": "results.books", "columns": [{"name": "title", "path": "title", "kind": "text", "searchable": true}]},
            {"name": "search", "summary": "Search.", "path": "/search.json", "key": "none",
             "words": {"parameter": "q", "optional": true},
             "items": "results", "columns": [{"name": "name", "path": "title", "kind": "text", "searchable": true}]}
          ]
        }
        """

    @Test("read, written back the same, and described to the host")
    func roundTrip() throws {
        let file = try SampleFiles.read(Self.file)
        #expect(file.key?.optional == true)
        #expect(file.headers == [ProviderFile.Header(name: "user-agent", header: "User-Agent", help: "Who you are.")])
        #expect(file.operations[0].arguments[0].pattern == #"^(\d{4}-\d{2}-\d{2}|current)$"#)
        #expect(file.operations[0].options[0].pattern == "^AC[0-9a-f]{4}$" && file.operations[0].options[0].apiDefault == "AC0000")
        #expect(file.operations[1].wordsOptional && !file.operations[1].sendsKey && file.operations[0].sendsKey)
        let again = try SampleFiles.read(ProviderFileWriter.text(file))
        #expect(again.operations == file.operations && again.key == file.key && again.headers == file.headers)

        let descriptor = file.descriptor(source: "books.json")
        #expect(descriptor.credential?.optional == true)
        #expect(descriptor.options.first { $0.name == "user-agent" }?.header == "User-Agent")
        #expect(descriptor.operations.map(\.sendsKey) == [true, false])
        #expect(descriptor.narrowed(to: descriptor.operations[1]).credential == nil, "a keyless operation looks up no key")
        #expect(descriptor.operations[1].arguments.first?.required == false, "optional words")
        #expect(descriptor.operations[0].options.first?.help.contains("(the API's default: AC0000)") == true)
    }

    @Test("values are held to the pattern: a date, a word the pattern allows, and a one-line refusal naming it")
    func enforced() throws {
        let provider = FileProvider(file: try SampleFiles.read(Self.file), source: "books.json")
        func path(_ date: String, code: String = "ACabcd") throws -> String {
            let command = ParsedCommand(arguments: [date, "fiction"], values: ["code": code], operation: "by-date")
            let query = try #require(try provider.queries(from: command).first)
            return provider.request(for: query, page: 0).path
        }
        #expect(try path("current") == "/lists/current/fiction.json")
        #expect(try path("20240131") == "/lists/2024-01-31/fiction.json")
        for bad in ["yesterday", "2024-02-30"] {
            #expect(throws: UsageError.self) { try path(bad) }
        }
        do {
            _ = try path("2024-01-31", code: "XY0000")
            Issue.record("a code the pattern refuses was accepted")
        } catch {
            #expect("\(error)".contains("--code must match the pattern ^AC[0-9a-f]{4}$, not 'XY0000'"), "\(error)")
        }
        let search = ParsedCommand(arguments: [], values: [:], operation: "search")
        let query = try #require(try provider.queries(from: search).first)
        #expect(provider.request(for: query, page: 0).query.isEmpty, "no words, no q")
    }

    @Test("each bad value is one problem naming its field", arguments: [
        (#""pattern": "^AC[0-9a-f]{4}$""#, #""pattern": "^(unclosed""#, "pattern", "not a regular expression"),
        (#""type": "text", "pattern""#, #""type": "choice", "choices": ["ACabcd"], "pattern""#, "pattern", "a choice takes its choices"),
        (#""default": "ACabcd""#, #""default": "XY0000""#, "default", "must match the pattern"),
    ])
    func badOption(original: String, replacement: String, field: String, says: String) throws {
        let text = Self.file.replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.file)
        do {
            _ = try SampleFiles.read(text)
            Issue.record("read: \(replacement)")
        } catch {
            #expect(error.problems.count == 1, "\(error.problems)")
            #expect(error.problems.first?.field == "operations[0].options[0].\(field)", "\(error.problems)")
            #expect(error.problems.first?.message.contains(says) == true, "\(error.problems)")
        }
    }

    @Test("refused: a header that carries keys or a setting's twice; an operation key other than none; optional path words", arguments: [
        (#""headers": [{"header": "User-Agent", "name": "user-agent", "help": "Who you are."}]"#,
         #""headers": [{"header": "Authorization"}]"#, "headers[0].header"),
        (#""headers": [{"header": "User-Agent", "name": "user-agent", "help": "Who you are."}]"#,
         #""headers": [{"header": "User-Agent"}, {"header": "user-agent", "name": "ua"}]"#, "headers[1].header"),
        (#""headers": [{"header": "User-Agent", "name": "user-agent", "help": "Who you are."}]"#,
         #""headers": [{"header": "User-Agent", "name": "code"}]"#, "headers[0].name"),
        (#""path": "/search.json", "key": "none""#, #""path": "/search.json", "key": {"parameter": "k"}"#, "operations[1].key"),
        (#""words": {"parameter": "q", "optional": true}"#, #""words": {"parameter": "q", "optional": "yes"}"#, "operations[1].words.optional"),
    ])
    func refused(original: String, replacement: String, field: String) throws {
        let text = Self.file.replacingOccurrences(of: original, with: replacement)
        #expect(text != Self.file)
        do {
            _ = try SampleFiles.read(text)
            Issue.record("read: \(replacement)")
        } catch {
            #expect(error.problems.map(\.field) == [field], "\(error.problems)")
        }
    }

    @Test("an older file reads as before: no pattern, a required key, words required, every operation keyed")
    func older() throws {
        let file = try SampleFiles.read(SampleFiles.hackerNews)
        #expect(file.headers.isEmpty && file.primary.sendsKey && !file.primary.wordsOptional)
        #expect(file.primary.options.allSatisfy { $0.pattern == nil && $0.apiDefault == nil })
        #expect(!ProviderFileWriter.text(file).contains("optional"))
    }

    @Test("a choice of 1000 values reads; 1001 is one problem")
    func manyChoices() throws {
        func text(_ count: Int) -> String {
            let choices = (0..<count).map { "\"c\($0)\"" }.joined(separator: ", ")
            let option = #"{"name": "code", "parameter": "code", "type": "choice", "choices": [\#(choices)]}"#
            guard let start = Self.file.range(of: #"{"name": "code""#), let end = Self.file.range(of: #""default": "ACabcd"}"#)
            else { return Self.file }
            return Self.file.replacingCharacters(in: start.lowerBound..<end.upperBound, with: option)
        }
        #expect(try SampleFiles.read(text(1_000)).operations[0].options[0].type == .choice((0..<1_000).map { "c\($0)" }))
        #expect(throws: ProviderFileError.self) { try SampleFiles.read(text(1_001)) }
    }
}

/// Which patterns apicli runs: none whose backtracking is exponential.
@Suite("Parameter patterns")
struct ParameterPatternTests {
    @Test("a repeated group that repeats or branches inside is never run; the corpus's patterns are", arguments: [
        ("^(a+)+$", false), ("(a|ab)*c", false), ("^(\\d+,)*\\d+$", false), ("((a)*)+", false), ("(x?){2,}", false),
        (#"^(\d{4}-\d{2}-\d{2}|current)$"#, true), ("^AC[0-9a-fA-F]{32}$", true), ("^(SM|MM)[0-9a-fA-F]{32}$", true),
        ("[0-9a-f]{7,}?", true), ("^[(+)*]+$", true), (#"^\(a+\)+$"#, true), ("^(ab){3}$", true), ("^/v1/issuing/cards$", true),
    ])
    func runnable(source: String, runs: Bool) {
        #expect((ParameterPattern(source) != nil) == runs, "\(source)")
        #expect((ParameterPattern.problem(with: source) == nil) == runs, "\(source)")
    }

    @Test("a pattern is searched for, with ASCII digits, as JSON Schema reads it")
    func matching() throws {
        let anchored = try #require(ParameterPattern(#"^\d{4}$"#))
        #expect(anchored.matches("2024") && !anchored.matches("20245") && !anchored.matches("٢٠٢٤"))
        let loose = try #require(ParameterPattern("cur"))
        #expect(loose.matches("current"))
    }
}
