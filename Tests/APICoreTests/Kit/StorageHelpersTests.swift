import APICore
import APIStore
import Foundation
import Testing
import TestSupport

@Suite("Storage helpers")
struct StorageHelpersTests {
    @Test("statement text follows the column list")
    func statements() {
        #expect(SQLStatement.insert(into: "t", columns: ["a", "b"]) == "INSERT INTO t (a, b) VALUES (?, ?)")
        #expect(
            SQLStatement.upsert(into: "t", columns: ["id", "a", "b"], conflict: ["id"])
                == "INSERT INTO t (id, a, b) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET a = excluded.a, b = excluded.b")
        #expect(
            SQLStatement.upsert(into: "t", columns: ["id", "a", "b"], conflict: ["id"], updating: ["b"])
                .hasSuffix("DO UPDATE SET b = excluded.b"))
    }

    @Test("line lists, numbers as sent, and upserts round-trip through a real store")
    func roundTrip() throws {
        let directory = try TemporaryDirectory(prefix: "kit-storage")
        let store = try Store(path: directory.path("kit.sqlite3"))
        try store.migrate(owner: "kit", [Migration(1, sql: "CREATE TABLE t (id TEXT PRIMARY KEY, tags TEXT, n)")])
        let upsert = SQLStatement.upsert(into: "t", columns: ["id", "tags", "n"], conflict: ["id"])
        let rows = try store.write { transaction in
            try transaction.execute(upsert, ["a", .lines(["x", "y z"]), NumberValue.int(3).sql])
            try transaction.execute(upsert, ["b", .lines([]), NumberValue.double(1.5).sql])
            try transaction.execute(upsert, ["b", .lines(["w"]), NumberValue.double(2.5).sql])
            return try transaction.query("SELECT tags, n FROM t ORDER BY id")
        }
        #expect(rows.map { $0["tags"].lines } == [["x", "y z"], ["w"]])
        #expect(rows.map { $0.get("n", as: NumberValue.self) } == [.int(3), .double(2.5)])
        #expect(SQLValue.null.lines.isEmpty)
        #expect(NumberValue(sql: .text("3")) == nil)
    }

    @Test("numbers print as the API sent them")
    func numbersAsSent() {
        #expect(JSONValue(NumberValue.int(1017)).serialized(pretty: false) == "1017")
        #expect(JSONValue(NumberValue.double(1006.74)).serialized(pretty: false) == "1006.74")
        #expect(JSONValue(nil as NumberValue?) == .null)
        #expect(JSONValue(Int64(2_988_507)) == .int(2_988_507))
        #expect(NumberValue.double(0.5).text == "0.5" && NumberValue.int(-3).doubleValue == -3)
    }
}

@Suite("Record columns")
struct RecordColumnsTests {
    struct Story: Equatable {
        var id: Int64
        var title: String?
        var score: NumberValue?
    }

    static var columns: RecordColumns<Story> { RecordColumns([.init("title", \.title), .init("score", \.score)]) }

    @Test("names, values and the way back follow one list; nil is NULL both ways")
    func roundTrip() {
        let story = Story(id: 1, title: "Hello", score: .double(2.5))
        #expect(Self.columns.names == ["title", "score"])
        #expect(Self.columns.values(of: story) == [.text("Hello"), .real(2.5)])
        #expect(Self.columns.values(of: Story(id: 2)) == [.null, .null])

        var read = Story(id: 1, title: "stale", score: .int(9))
        Self.columns.read(Row(columns: ["score", "title", "id"], values: [.integer(7), .null, .integer(1)]), into: &read)
        #expect(read == Story(id: 1, title: nil, score: .int(7)))
    }

    static var accessorColumns: RecordColumns<Story> {
        RecordColumns([
            .init("title", get: { $0.title }, set: { $0.title = $1 }),
            .init("score", get: { $0.score }, set: { $0.score = $1 }),
        ])
    }

    @Test("a getter and a setter do what a key path does; by position reads the values from an offset")
    func accessorsAndPositions() {
        let story = Story(id: 1, title: "Hello", score: .double(2.5))
        #expect(Self.accessorColumns.names == Self.columns.names)
        #expect(Self.accessorColumns.values(of: story) == Self.columns.values(of: story))
        #expect(Self.accessorColumns.values(of: Story(id: 2)) == [.null, .null])

        let row = Row(columns: ["id", "title", "score"], values: [.integer(1), .text("Hi"), .integer(7)])
        var byName = Story(id: 1, title: "stale", score: nil)
        Self.columns.read(row, into: &byName)
        var byPosition = Story(id: 1, title: "stale", score: nil)
        Self.accessorColumns.read(row, at: 1, into: &byPosition)
        #expect(byPosition == Story(id: 1, title: "Hi", score: .int(7)))
        #expect(byPosition == byName)
        // Past the row's end is NULL, as a missing name is.
        var short = Story(id: 1, title: "stale", score: .int(9))
        Self.accessorColumns.read(Row(columns: ["id", "title"], values: [.integer(1), .text("Hi")]), at: 1, into: &short)
        #expect(short == Story(id: 1, title: "Hi", score: nil))
    }
}
