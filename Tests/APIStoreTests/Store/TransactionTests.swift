import Foundation
import Testing
@testable import APIStore

private struct Boom: Error, Equatable {}

@Suite struct TransactionTests {
    let directory: StoreDirectory
    let store: Store

    init() throws {
        directory = try StoreDirectory()
        store = try Store(path: directory.path())
        try store.write { try $0.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)") }
    }

    func count() throws -> Int {
        try store.read { try $0.queryOne("SELECT COUNT(*) FROM t")?[0].int ?? -1 }
    }

    @Test func aThrownErrorRollsBackTheWholeTransaction() throws {
        try store.write { try $0.execute("INSERT INTO t (name) VALUES (?)", ["kept"]) }
        #expect(throws: Boom.self) {
            try store.write { tx in
                try tx.execute("DELETE FROM t")
                for index in 0..<100 { try tx.execute("INSERT INTO t (name) VALUES (?)", [.text("new \(index)")]) }
                throw Boom()
            }
        }
        let names = try store.read { try $0.query("SELECT name FROM t").compactMap { $0["name"].string } }
        #expect(names == ["kept"])
    }

    @Test func theFirstErrorIsRethrownNotTheRollbacksOrALaterOne() throws {
        let error = #expect(throws: StoreError.self) {
            try store.write { tx in
                try tx.execute("INSERT INTO t (id, name) VALUES (1, 'a')")
                try tx.execute("INSERT INTO t (id, name) VALUES (1, 'b')")
            }
        }
        guard case let .sqlite(code, message, _) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(code & 0xFF == 19)  // SQLITE_CONSTRAINT
        #expect(message.contains("UNIQUE"))
        #expect(try count() == 0)
    }

    @Test func aTransactionCannotBeUsedAfterItsBody() throws {
        final class Box: @unchecked Sendable { var tx: Transaction? }
        let box = Box()
        try store.write { tx in box.tx = tx }
        let escaped = try #require(box.tx)
        #expect(throws: StoreError.misuse(reason: "a transaction was used after its body returned")) {
            try escaped.execute("INSERT INTO t (name) VALUES ('late')")
        }
        #expect(try count() == 0)
    }

    @Test func aReadTransactionRefusesWrites() throws {
        #expect(throws: StoreError.self) {
            try store.read { try $0.execute("INSERT INTO t (name) VALUES ('x')") }
        }
        #expect(throws: StoreError.self) {
            try store.read { try $0.executeScript("DELETE FROM t") }
        }
        #expect(try count() == 0)
    }

    @Test func everyPlaceholderMustGetExactlyOneValue() throws {
        #expect(throws: StoreError.misuse(reason: "2 placeholders but 1 values")) {
            try store.write { try $0.execute("INSERT INTO t (id, name) VALUES (?, ?)", [1]) }
        }
        #expect(throws: StoreError.misuse(reason: "1 placeholders but 2 values")) {
            try store.write { try $0.execute("INSERT INTO t (name) VALUES (?)", ["a", "b"]) }
        }
        #expect(try count() == 0)
    }

    @Test func oneStatementAtATimeOutsideScripts() throws {
        #expect(throws: StoreError.self) {
            try store.write { try $0.execute("INSERT INTO t (name) VALUES ('a'); DROP TABLE t") }
        }
        #expect(try count() == 0)
    }

    @Test func preparedStatementsAreCachedAndReusableAfterAnError() throws {
        let insert = "INSERT INTO t (id, name) VALUES (?, ?)"
        let before = store.connection.withLock { $0.preparedCount }
        try store.write { tx in
            for index in 1...50 { try tx.execute(insert, [.integer(Int64(index)), "n"]) }
        }
        // Same statement, failing in the middle of a step: the next use must still work.
        #expect(throws: StoreError.self) { try store.write { try $0.execute(insert, [1, "dup"]) } }
        try store.write { try $0.execute(insert, [51, "after"]) }
        let after = store.connection.withLock { $0.preparedCount }
        #expect(after - before == 1)
        #expect(try count() == 51)
    }

    @Test func theStatementCacheStaysBounded() throws {
        try store.write { tx in
            for index in 0..<(Database.statementCacheLimit * 2) {
                _ = try tx.query("SELECT \(index)")
            }
        }
        let cached = store.connection.withLock { $0.cachedStatementCount }
        #expect(cached <= Database.statementCacheLimit)
    }

    @Test func aReadSeesACommittedSnapshot() throws {
        let other = try Store(path: directory.path())
        try other.write { try $0.execute("INSERT INTO t (name) VALUES ('from another connection')") }
        #expect(try count() == 1)
    }
}
