import APIHTTP
import Foundation
import Synchronization

/// A transport that answers from a script and counts its calls: for tests of
/// the HTTP middleware and of the host in-process, with no server and no socket.
/// The script gets the request and its 1-based index among the calls.
public final class StubTransport: ClientTransport {
    private let script: @Sendable (HTTPRequest, Int) throws -> HTTPResponse
    private let calls = Mutex<[HTTPRequest]>([])
    private let attempts = Mutex<[Int]>([])

    public init(_ script: @escaping @Sendable (HTTPRequest, Int) throws -> HTTPResponse) { self.script = script }

    public func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse {
        let index = calls.withLock { calls in
            calls.append(request)
            return calls.count
        }
        attempts.withLock { $0.append(context.attempt) }
        return try script(request, index)
    }

    public var requests: [HTTPRequest] { calls.withLock { $0 } }
    public var seenAttempts: [Int] { attempts.withLock { $0 } }
}
