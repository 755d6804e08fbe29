import APIHost
import APIHTTP
import Foundation
import Synchronization
import TestSupport

/// The answers of a ``ProviderFilesHost``'s stub transport, picked by predicates in the
/// order they were added (the first that matches answers), as the binary tests' fixture
/// server was scripted; a request nothing matches gets a 404, so a request a test did
/// not expect fails the run.
final class ScriptedAnswers: Sendable {
    private let rules = Mutex<[(matches: @Sendable (HTTPRequest) -> Bool, answer: HTTPResponse)]>([])

    init() {}

    /// Requests `matches` picks get `answer`, unless an earlier rule picked them.
    func add(_ answer: HTTPResponse, when matches: @escaping @Sendable (HTTPRequest) -> Bool) {
        rules.withLock { $0.append((matches, answer)) }
    }

    func answer(_ request: HTTPRequest) -> HTTPResponse {
        rules.withLock { rules in rules.first { $0.matches(request) }?.answer }
            ?? HTTPResponse(status: 404, body: Data(#"{"message": "no route"}"#.utf8))
    }

    /// A host with the stub provider compiled in, answered by these rules.
    func host(compiled: [any Provider] = [StubProvider()], variables: [String: String] = [:]) throws -> ProviderFilesHost {
        try ProviderFilesHost(compiled: compiled, variables: variables) { [self] request in answer(request) }
    }
}

extension HTTPResponse {
    /// A JSON answer with the bytes as they are.
    static func json(_ body: Data, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: HTTPHeaders([("Content-Type", "application/json")] + headers), body: body)
    }

    static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        json(Data(text.utf8), status: status, headers: headers)
    }
}

extension HTTPRequest {
    /// Every value of the query parameter `name` in the URL the transport sends (a query key included).
    func sentValues(_ name: String) -> [String] {
        (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).filter { $0.name == name }.compactMap(\.value)
    }

    /// A header as the transport sends it (a header key included).
    func sentHeader(_ name: String) -> String? { transportHeaders[name] }
}

extension HTTPResponse {
    /// An answer of `status` with a plain body.
    static func status(_ status: Int, body: String = "") -> HTTPResponse {
        HTTPResponse(status: status, body: Data(body.utf8))
    }
}

extension HTTPRequest {
    /// The path as it goes on the wire: the base URL's prefix and the request's path, percent-encoded.
    var sentPath: String { URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? path }
}
