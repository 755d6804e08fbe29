import APICore
import APIStore
import Foundation
import Testing
import TestSupport

/// The kit's one way to turn typed words into an FTS5 query, shared by NYT and the provider files.
@Suite("FTS5 queries from typed words")
struct FTSQueryTests {
    @Test("each word is quoted, quotes are doubled, and words without a letter or digit are left out")
    func quoting() {
        #expect(FTSQuery.allWords(#"c++ & "rust""#) == #""c++" """rust""""#)
        #expect(FTSQuery.allWords("  Ростов   на-Дону ") == #""Ростов" "на-Дону""#)
        #expect(FTSQuery.allWords("& -- ***") == nil)
        #expect(FTSQuery.allWords("") == nil)
    }

    @Test("FTS5 operators and syntax typed as words match as text, never as syntax",
          arguments: ["NEAR(a b)", "a OR b", "NOT x", "title:rust", "^start", "x*", "(unbalanced", "\"quoted\" AND"])
    func operatorsArePlainText(typed: String) throws {
        let directory = try TemporaryDirectory(prefix: "kit-fts")
        let store = try Store(path: directory.path("fts.sqlite3"))
        try store.migrate(owner: "kit", [Migration(1, sql: "CREATE VIRTUAL TABLE kit_fts USING fts5(body)")])
        let match = try #require(FTSQuery.allWords(typed))
        let rows = try store.write { transaction in
            try transaction.execute("INSERT INTO kit_fts (body) VALUES (?)", [.text("the words were: " + typed)])
            try transaction.execute("INSERT INTO kit_fts (body) VALUES ('something else entirely')")
            return try transaction.query("SELECT body FROM kit_fts WHERE kit_fts MATCH ?", [.text(match)])
        }
        #expect(rows.count == 1, "\(typed) → \(match)")
    }
}
