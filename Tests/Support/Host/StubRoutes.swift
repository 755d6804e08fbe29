import APIHost
import APIHTTP
import Foundation
import Synchronization

/// Answers a ``StubTransport`` by the request's path, for providers that ask
/// more than one endpoint in a run (Weather: geocoding, then the forecast),
/// until a test switches it to a fault, as the binary tests' fixture server
/// does. A path with no route gets a 404, so a request the test did not expect
/// fails the run instead of being answered by accident.
public final class StubRoutes: Sendable {
    public typealias Answer = @Sendable (HTTPRequest) throws -> HTTPResponse

    private let routes: [String: Answer]
    /// In a struct: a `Mutex` of a bare function type nests a thunk at every `withLock`.
    private let fault = Mutex<Fault?>(nil)
    private struct Fault: Sendable { let answer: Answer }

    public init(_ routes: [String: Answer]) { self.routes = routes }

    /// Routes that always give the same answer.
    public convenience init(answers: [String: HTTPResponse]) {
        self.init(answers.mapValues { answer -> Answer in { @Sendable _ in answer } })
    }

    /// From now on every request gets `answer` (a thrown `HTTPClientError` is a network fault).
    public func fail(with answer: @escaping Answer) { fault.withLock { $0 = Fault(answer: answer) } }

    /// The answer for `request`: the fault if one is set, else its path's route.
    public func answer(_ request: HTTPRequest) throws -> HTTPResponse {
        if let fault = fault.withLock({ $0 }) { return try fault.answer(request) }
        guard let route = routes[request.path] else {
            return HTTPResponse(status: 404, body: Data(#"{"message": "no route for \#(request.path)"}"#.utf8))
        }
        return try route(request)
    }
}

extension InProcessHost {
    /// A host whose transport answers by path from `routes`.
    public init(sources: [ProviderSource], variables: [String: String] = [:], routes: StubRoutes) throws {
        try self.init(sources: sources, variables: variables) { request, _ in try routes.answer(request) }
    }
}
