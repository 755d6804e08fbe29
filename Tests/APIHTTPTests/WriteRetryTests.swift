import APIHTTP
import Foundation
import Synchronization
import Testing
import TestSupport

/// Which writes the retry layer sends again: a PUT or DELETE only when the failure came
/// before the request left (no connection made), any other write never; a read as before.
@Suite("Retry of writes")
struct WriteRetryTests {
    static let refused = HTTPClientError.connectionFailed(
        url: "http://127.0.0.1:1/x", reason: HTTPClientError.notConnectedPrefix + "127.0.0.1:1 (connection refused)")
    static let lost = HTTPClientError.connectionFailed(url: "http://127.0.0.1:1/x", reason: "the connection was lost")

    /// Attempts made for `method` when the first attempt fails with `first` and the second answers 200.
    static func attempts(_ method: String, first: HTTPClientError?, firstStatus: Int = 200) async -> Int {
        let count = Mutex(0)
        let middleware = RetryMiddleware(
            policy: RetryPolicy(maxAttempts: 3, baseDelay: .zero), time: TimeSource(now: { Date() }, sleep: { _ in }))
        let request = HTTPRequest(method: method, baseURL: URL(string: "http://127.0.0.1:1")!, path: "/x", body: Data("{}".utf8))
        let context = RequestContext(provider: "t", deadline: Date().addingTimeInterval(60))
        _ = try? await middleware.intercept(request, context: context) { _, _ in
            let attempt = count.withLock { $0 += 1; return $0 }
            if attempt == 1, let first { throw first }
            return HTTPResponse(status: attempt == 1 ? firstStatus : 200, headers: HTTPHeaders(), body: Data())
        }
        return count.withLock { $0 }
    }

    @Test("PUT and DELETE are sent again only when no connection was made", arguments: ["PUT", "DELETE"])
    func idempotentWrites(_ method: String) async {
        #expect(await Self.attempts(method, first: Self.refused) == 2)
        #expect(await Self.attempts(method, first: Self.lost) == 1)
        #expect(await Self.attempts(method, first: nil, firstStatus: 503) == 1)
    }

    @Test("POST and PATCH are never sent again", arguments: ["POST", "PATCH"])
    func otherWrites(_ method: String) async {
        #expect(await Self.attempts(method, first: Self.refused) == 1)
        #expect(await Self.attempts(method, first: nil, firstStatus: 503) == 1)
    }

    @Test("a GET, and a POST declared a read, are retried as before")
    func reads() async {
        #expect(await Self.attempts("GET", first: Self.lost) == 2)
        #expect(await Self.attempts("GET", first: nil, firstStatus: 503) == 2)
        #expect(HTTPRequest(method: "POST", baseURL: URL(string: "http://h")!, path: "/", isRead: true).isIdempotent)
    }

    @Test("a read's cache key tells bodies apart and holds neither body nor key")
    func cacheKey() {
        let base = URL(string: "http://h")!
        let one = HTTPRequest(method: "POST", baseURL: base, path: "/s", body: Data(#"{"q":"a"}"#.utf8), isRead: true)
        let two = HTTPRequest(method: "POST", baseURL: base, path: "/s", body: Data(#"{"q":"b"}"#.utf8), isRead: true)
        #expect(one.cacheKey != two.cacheKey)
        #expect(!one.cacheKey.contains("\"q\""))
    }
}
