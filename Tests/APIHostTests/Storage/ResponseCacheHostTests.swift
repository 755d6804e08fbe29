import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

/// The response cache seen from a run, in-process on the stub provider: fresh hits
/// send nothing, `--refresh` sends, a stale entry is revalidated with its ETag,
/// `no-store` is honoured. (These were the binary's `ResponseCacheTests`, which ran
/// the same checks through NYT and Weather.)
@Suite("Response cache through the host, in-process")
struct ResponseCacheHostTests {
    static let records = Data(#"[{"id": "1", "title": "First record"}]"#.utf8)

    static func host(_ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws -> InProcessHost {
        try InProcessHost(sources: [.compiled([StubProvider()])]) { request, _ in answer(request) }
    }

    @Test("a second identical run sends no request; --refresh sends one; other words are another request")
    func freshHit() async throws {
        let host = try Self.host { _ in HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Self.records) }
        let first = await host.run(["stub", "election"])
        #expect(first.code == .success, "\(first.stderr)")
        #expect(host.transport.requests.count == 1)

        let second = await host.run(["stub", "election", "--verbose"])
        #expect(second.code == .success)
        #expect(second.stdout == first.stdout)
        #expect(second.stderr.contains("cache hit"), "\(second.stderr)")
        #expect(host.transport.requests.count == 1)

        let refreshed = await host.run(["stub", "election", "--refresh"])
        #expect(refreshed.code == .success)
        #expect(refreshed.stdout == first.stdout)
        #expect(host.transport.requests.count == 2)

        let other = await host.run(["stub", "election", "results", "--format", "json"])
        #expect(other.code == .success)
        #expect(host.transport.requests.count == 3)
    }

    @Test("revalidation: ETag, then If-None-Match, then 304 answered from the cache")
    func revalidation() async throws {
        let etag = #""records-v1""#
        let host = try Self.host { request in
            let headers: HTTPHeaders = ["ETag": etag, "Cache-Control": "max-age=0", "Content-Type": "application/json"]
            if request.headers["If-None-Match"] == etag { return HTTPResponse(status: 304, headers: headers) }
            return HTTPResponse(status: 200, headers: headers, body: Self.records)
        }
        let first = await host.run(["stub", "election"])
        #expect(first.code == .success, "\(first.stderr)")
        #expect(host.transport.requests.first?.headers["If-None-Match"] == nil)

        let second = await host.run(["stub", "election", "--verbose"])
        #expect(second.code == .success, "\(second.stderr)")
        #expect(second.stdout == first.stdout)
        #expect(second.stderr.contains("cache revalidated"), "\(second.stderr)")
        #expect(second.stderr.contains("-> 304"), "\(second.stderr)")
        #expect(host.transport.requests.count == 2)
        #expect(host.transport.requests.last?.headers["If-None-Match"] == etag)
    }

    @Test("Cache-Control: no-store is honoured: every run asks again, nothing is cached")
    func noStore() async throws {
        let host = try Self.host { _ in
            HTTPResponse(status: 200, headers: ["Cache-Control": "no-store", "Content-Type": "application/json"], body: Self.records)
        }
        let first = await host.run(["stub", "election"])
        let second = await host.run(["stub", "election"])
        #expect(first.code == .success && second.code == .success, "\(first.stderr)")
        #expect(host.transport.requests.count == 2)
        #expect(try host.count("apicli_http_cache") == 0)
    }
}
