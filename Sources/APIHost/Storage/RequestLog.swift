#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIStore

/// The request log: every write apicli sent (POST, PUT, PATCH, DELETE…) and the answer
/// it got, as it came. A write's answer is a receipt, not an item: it never joins a
/// provider's tables or the response cache, and `apicli store sql` reads it here.
///
/// Nothing secret is kept: the URL is the redacted one (the key as `***`), request
/// headers are not kept, the request body only by its size, and the answer has
/// already passed the client's secret scrubbing (a key a server echoes is `***`).
///
/// Its migrations have an owner of their own, so the host's numbered steps stay free.
enum RequestLog {
    static let owner = "host-requests"

    static let migrations: [Migration] = [
        Migration(
            1,
            sql: """
                CREATE TABLE apicli_requests (
                    id INTEGER PRIMARY KEY,
                    provider TEXT NOT NULL,
                    method TEXT NOT NULL,
                    url TEXT NOT NULL,
                    status INTEGER NOT NULL,
                    sent_at REAL NOT NULL,
                    request_bytes INTEGER NOT NULL,
                    content_type TEXT,
                    answer
                );
                CREATE INDEX apicli_requests_provider_sent ON apicli_requests (provider, sent_at);
                """),
    ]

    /// Keeps one answered write. The answer is text when it is UTF-8, else its bytes.
    static func record(
        _ request: HTTPRequest, response: HTTPResponse, provider: String, at date: Date, in store: Store
    ) throws {
        _ = try store.migrate(owner: owner, migrations)
        let answer: SQLValue = String(validating: response.body, as: UTF8.self).map(SQLValue.text) ?? .blob(response.body)
        try store.write { tx in
            try tx.execute(
                """
                INSERT INTO apicli_requests (provider, method, url, status, sent_at, request_bytes, content_type, answer)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [.text(provider), .text(request.method.uppercased()), .text(request.redactedURL),
                 .integer(Int64(response.status)), date.sql, .integer(Int64(request.body?.count ?? 0)),
                 response.headers["Content-Type"].map(SQLValue.text) ?? .null, answer])
        }
    }
}
