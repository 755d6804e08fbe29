@testable import APIHost
import Foundation
@testable import ProviderFiles
import Testing
import TestSupport

/// What a file provider's answer is stored under: every part of the request that changes the
/// API's answer, in one canonical form, and the family of requests an offline search may widen over.
@Suite("The canonical request key of a stored answer")
struct AnswerKeyTests {
    static let base = FileQuery(
        operation: "lists-list", arguments: ["2024-01-31", "hardcover-fiction"], words: "dune",
        parameters: [QueryItem("offset", "20"), QueryItem("sort", "asc")], firstPage: 0, pages: 1)

    /// The base request with one part changed, each a different request.
    static var variants: [FileQuery] {
        var list: [FileQuery] = []
        func with(_ change: (inout FileQuery) -> Void) { var query = base; change(&query); list.append(query) }
        with { $0.operation = "lists-names" }
        with { $0.operation = "" }
        with { $0.arguments[0] = "2019-01-31" }
        with { $0.arguments[1] = "paperback" }
        with { $0.arguments = ["2024-01-31"] }
        with { $0.words = "arrakis" }
        with { $0.words = "" }
        with { $0.parameters[0].value = "40" }
        with { $0.parameters[1].name = "order" }
        with { $0.parameters.removeLast() }
        with { $0.parameters.append(QueryItem("sort", "desc")) }
        with { $0.firstPage = 2 }
        with { $0.pages = 3 }
        return list
    }

    @Test("every operation, argument, word, parameter and page makes another key; the options' order does not")
    func everyPartCounts() {
        let keys = [Self.base] + Self.variants
        #expect(Set(keys.map(\.storageKey)).count == keys.count, "\(keys.map(\.storageKey))")
        var reordered = Self.base
        reordered.parameters.reverse()
        #expect(reordered.storageKey == Self.base.storageKey)
        #expect(Self.base.storageKey == #"[2,"lists-list",["2024-01-31","hardcover-fiction"],[["offset","20"],["sort","asc"]],0,1,"dune"]"#)
    }

    @Test("a key is in its family's range exactly when only the words differ, whatever the values hold")
    func familyRange() {
        let awkward = ["a,b", "a]", "a\"", "a-", "a\u{1F}b", "a\\", "", "é", "a\",\"b"]
        var queries = [Self.base] + Self.variants
        for text in awkward {
            var argument = Self.base
            argument.arguments[1] = text
            var words = Self.base
            words.words = text
            var parameter = Self.base
            parameter.parameters[0].value = text
            queries += [argument, words, parameter]
        }
        for query in queries {
            let key = query.answerKey
            for other in queries {
                var sameButWords = other
                sameButWords.words = query.words
                let sameFamily = sameButWords.storageKey == query.storageKey
                let text = other.storageKey
                let inRange = Array(text.utf8).lexicographicallyPrecedes(Array(key.familyEnd.utf8))
                    && !Array(text.utf8).lexicographicallyPrecedes(Array(key.family.utf8))
                #expect(inRange == sameFamily, "\(text) against the family of \(key.text)")
            }
        }
    }

    @Test("the older key: as before for several operations or none with arguments; none for one operation with path arguments")
    func olderKeys() {
        #expect(Self.base.answerKey.legacy?.text
            == "operation=lists-list\u{1F}argument=2024-01-31\u{1F}argument=hardcover-fiction\u{1F}dune\u{1F}offset=20\u{1F}sort=asc\u{1F}page=0\u{1F}pages=1")
        let search = FileQuery(words: "rust", parameters: [QueryItem("tags", "story")], firstPage: 0, pages: 1)
        #expect(search.answerKey.legacy?.text == "rust\u{1F}tags=story\u{1F}page=0\u{1F}pages=1")
        #expect(search.answerKey.legacy?.beforeWords == "")
        let section = FileQuery(arguments: ["arts"], words: "", parameters: [], firstPage: 0, pages: 1)
        #expect(section.answerKey.legacy == nil)
    }

    /// An item, its answer stored under `key`.
    static func save(_ id: String, title: String, under key: String, in store: Store) throws {
        try store.write { tx in
            try FileItemStore(tx, provider: "p").save(
                FileAnswer(items: [FileItem(id: id, value: .object([.init("title", .string(title))]))], total: 1),
                for: key, searchText: { _ in title }, at: Date(timeIntervalSince1970: 1_700_000_000))
        }
    }

    static func found(_ query: FileQuery, in store: Store) throws -> [String]? {
        try store.read { tx in try FileItemStore(tx, provider: "p").search(query.words, answer: query.answerKey, limit: 10) }?
            .value.items.map(\.id)
    }

    @Test("older keys are read for their own request, and widened over only with the same options")
    func olderKeysInTheStore() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.path("store.sqlite3"))
        try HostSchema.migrate(store)
        try store.migrate(owner: FileItemSchema.owner, FileItemSchema.migrations)
        let story = FileQuery(words: "rust", parameters: [QueryItem("tags", "story")], firstPage: 0, pages: 1)
        var comment = story
        comment.parameters = [QueryItem("tags", "comment")]
        var plain = story
        plain.parameters = []
        var books = Self.base
        books.words = ""
        for (id, query) in [("s1", story), ("c1", comment), ("p1", plain), ("b1", books)] {
            let legacy = try #require(query.answerKey.legacy)
            try Self.save(id, title: "rust async \(id)", under: legacy.text, in: store)
        }
        #expect(try Self.found(story, in: store) == ["s1"])
        #expect(try Self.found(books, in: store) == ["b1"])
        var async = story
        async.words = "async"
        #expect(try Self.found(async, in: store) == ["s1"], "only the story searches")
        async.parameters = []
        #expect(try Self.found(async, in: store) == ["p1"], "not the tagged ones, whose options follow the words")
        // A request of a one-operation file with path arguments has no older key to read.
        let section = FileQuery(arguments: ["arts"], words: "", parameters: [], firstPage: 0, pages: 1)
        try Self.save("h1", title: "home", under: "\u{1F}page=0\u{1F}pages=1", in: store)
        #expect(try Self.found(section, in: store) == nil)
    }
}
