import Foundation
import Testing
import TestSupport

/// Completing a provider file's operations in the real shells, with the scripts `apicli
/// completions` prints and the binary they ask: an operation word offers the operations, an
/// operation offers only its own options (and the global ones), an argument its choices —
/// `apicli top <TAB>` lists NYT's sections, from the document imported as a user would.
@Suite("Completing a provider file's operations, end to end", .serialized)
struct OperationCompletionEndToEndTests {
    static let books = """
        {
          "apicli": 2, "name": "books", "summary": "Best sellers.", "baseURL": "https://books.invalid", "key": "none",
          "operations": [
            {"name": "lists-date-list", "summary": "One list on a date.", "aliases": ["get-lists-date-list"],
             "path": "/lists/{date}/{list}.json",
             "arguments": [{"name": "date", "parameter": "date", "type": "date", "format": "yyyy-MM-dd"},
                           {"name": "list", "parameter": "list", "type": "choice", "choices": ["fiction", "nonfiction"]}],
             "options": [{"name": "offset", "parameter": "offset", "type": "integer"}],
             "items": "results.books", "columns": [{"name": "title", "path": "title", "kind": "text", "searchable": true}]},
            {"name": "reviews", "summary": "Book reviews by author.", "path": "/reviews.json",
             "options": [{"name": "author", "parameter": "author", "type": "text"},
                         {"name": "order", "parameter": "order", "type": "choice", "choices": ["newest", "oldest"]}],
             "items": "results", "columns": [{"name": "title", "path": "book_title", "kind": "text", "searchable": true}]}
          ]
        }
        """
    static let topStories = Fixtures.realRoot.appendingPathComponent("openapi-corpus/nyt_top_stories_v2.yaml").path

    /// A sandbox with `books` installed and NYT's Top Stories imported as `top`, and its script for `shell`.
    static func prepared(_ shell: String) async throws -> (sandbox: Sandbox, folder: ShellSandbox, script: String) {
        let (sandbox, _) = try Sandbox.withFixtures()
        try sandbox.installProviderFile("books", books)
        let added = try await sandbox.run(["provider", "add", "top", "--openapi", topStories])
        #expect(added.exitCode == 0, "\(added.stderrText)")
        let printed = try await sandbox.run(["completions", shell])
        #expect(printed.exitCode == 0, "\(printed.stderrText)")
        let folder = try ShellSandbox()
        return (sandbox, folder, try folder.write(printed.stdout, to: "apicli.\(shell)"))
    }

    static let cases: [(line: [String], offered: Set<String>, notOffered: Set<String>)] = [
        (["books", ""], ["lists-date-list", "reviews"], ["--offset"]),
        (["books", "reviews", "--"], ["--author", "--order", "--format"], ["--offset"]),
        (["books", "lists-date-list", "--"], ["--offset", "--format"], ["--author", "--order"]),
        (["books", "get-lists-date-list", "--o"], ["--offset", "--offline"], ["--order"]),
        (["books", "reviews", "--order", ""], ["newest", "oldest"], []),
        (["books", "lists-date-list", "2024-01-31", ""], ["fiction", "nonfiction"], []),
        (["top", ""], ["arts", "home", "world", "science"], ["--format"]),
    ]

    @Test("bash: operations, each operation's own options, an option's values, an argument's choices", .needs("bash"))
    func bash() async throws {
        let (sandbox, folder, script) = try await Self.prepared("bash")
        for (line, offered, notOffered) in Self.cases {
            let words = (["apicli"] + line).map { "'\($0)'" }.joined(separator: " ")
            let driver = #"source "$1"; COMP_WORDS=("# + words + #"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); _apicli; printf '%s\n' "${COMPREPLY[@]}""#
            let result = try await folder.run("bash", ["-c", driver, "driver", script], environment: try sandbox.completionEnvironment())
            let words_ = Set(result.stdoutText.split(separator: "\n").map(String.init))
            #expect(words_.isSuperset(of: offered) && words_.isDisjoint(with: notOffered), "\(line): \(words_.sorted())")
        }
    }

    @Test("fish: the same, with each operation's summary", .needs("fish"))
    func fish() async throws {
        let (sandbox, folder, script) = try await Self.prepared("fish")
        for (line, offered, notOffered) in Self.cases {
            let typed = (["apicli"] + line).map { $0.isEmpty ? "" : $0 }.joined(separator: " ")
            let driver = "source $argv[1]; for c in (complete -C '\(typed)'); echo (string split -f1 \\t -- $c); end"
            let result = try await folder.run("fish", ["--no-config", "-c", driver, script], environment: try sandbox.completionEnvironment())
            let words = Set(result.stdoutText.split(separator: "\n").map(String.init))
            // fish completes the global options itself, everywhere; the operation's come from apicli.
            let expected = line.last == "--" ? offered : offered.filter { $0 != "--format" }
            #expect(words.isSuperset(of: expected) && words.isDisjoint(with: notOffered), "\(line): \(words.sorted())")
        }
        let described = try await folder.run(
            "fish", ["--no-config", "-c", "source $argv[1]; complete -C 'apicli books '", script],
            environment: try sandbox.completionEnvironment())
        #expect(described.stdoutText.contains("reviews\tBook reviews by author."), "\(described.stdoutText)")
    }

    @Test("zsh: the same, typed in an interactive zsh with a tab", .needs("zsh"))
    func zsh() async throws {
        let (sandbox, folder, script) = try await Self.prepared("zsh")
        for (line, offered, notOffered) in Self.cases where !line.contains("--o") {
            let listed = try await ZshCompletion.offered(
                for: (["apicli"] + line).joined(separator: " "), script: script, in: folder,
                environment: try sandbox.completionEnvironment(), expecting: offered)
            #expect(offered.allSatisfy { listed.contains($0) } && notOffered.allSatisfy { !Self.word($0, in: listed) },
                    "\(line): \(listed)")
        }
    }

    /// Whether `word` stands alone in `text` (not inside `--offset` for `--o`).
    static func word(_ word: String, in text: String) -> Bool {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).contains { $0 == word }
    }
}

/// An interactive zsh in a pseudo-terminal (zsh's `zpty`), the script loaded, a line typed
/// and a tab pressed: what zsh lists. zsh completes only at a terminal, so this is how a
/// test sees its completion.
enum ZshCompletion {
    static func offered(
        for line: String, script: String, in folder: ShellSandbox, environment: [String: String], expecting: Set<String>
    ) async throws -> String {
        let probe = expecting.sorted().first ?? ""
        let driver = """
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z 'PS1="> "; LISTMAX=10000; autoload -Uz compinit; compinit -u -D; source \(script)'
            zpty -w -n z '\(line)'$'\\t'
            out=""
            for i in {1..100}; do
                while zpty -r -t z chunk; do out+=$chunk; done
                [[ $out == *\(probe)* ]] && break
                sleep 0.1
            done
            sleep 0.3
            while zpty -r -t z chunk; do out+=$chunk; done
            zpty -d z
            print -r -- "$out" | tr -d '\\r' | sed 's/\\x1b\\[[0-9;?]*[a-zA-Z]//g'
            """
        let file = try folder.write(driver, to: "drive.zsh")
        let result = try await folder.run("zsh", ["-f", file], environment: environment, timeout: .seconds(40))
        // What zsh printed after the typed line: the line echoed, then the list.
        return result.stdoutText.components(separatedBy: line).dropFirst().joined(separator: line)
    }
}
