import Foundation
import Synchronization
import TestSupport
@testable import APIHTTP

/// The key every test sends; it must never show up anywhere but the origin server.
let secret = "SeCrEt-KeY-0123456789"

/// A request to a loopback server, with the key as `api-key`.
func request(
    _ server: LoopbackServer, path: String = "/data", query: [QueryItem] = [], method: String = "GET"
) -> HTTPRequest {
    HTTPRequest(
        method: method, baseURL: server.baseURL, path: path, query: query,
        credential: Credential(parameter: "api-key", value: secret)
    )
}

/// A request's context. The default deadline is generous on purpose: the whole suite runs
/// hundreds of processes on two cores, and a test that is not about the deadline must not
/// fail because its turn came late (on a slow day, 60 s ran out while the runner's threads
/// were busy: an endless redirect read as a timeout); the tests that are about it give their
/// own. The same bound as every in-process run over a real connection.
let patientDeadline = TimeInterval(InProcessHost.realConnectionDeadline) ?? 120

func context(
    deadline seconds: TimeInterval = patientDeadline, from now: Date = Date(), mode: RequestContext.CacheMode = .normal
)
    -> RequestContext
{
    RequestContext(provider: "nyt", displayName: "NYT", deadline: now.addingTimeInterval(seconds), cacheMode: mode)
}

/// Lines handed to a trace or notice sink.
final class Lines: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    var sink: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
}

/// The response cache as a dictionary.
final class MemoryCacheStorage: ResponseCacheStorage {
    private let entries = Mutex<[String: CachedResponse]>([:])

    func cachedResponse(for key: String) throws -> CachedResponse? { entries.withLock { $0[key] } }
    func store(_ response: CachedResponse, for key: String) throws { entries.withLock { $0[key] = response } }
    var keys: [String] { entries.withLock { Array($0.keys) } }
}


/// The error a call throws, or nil when it succeeds.
func failure(_ body: () async throws -> HTTPResponse) async -> (any Error)? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}

/// True when neither the key nor its encoded form is in `text`.
func isClean(_ text: String) -> Bool {
    !text.contains(secret) && !text.contains(PercentEncoding.encode(secret))
}
