import APIHTTP
import Foundation
import Synchronization
import TestSupport

/// A stub server that tells requests apart: every request gets an answer of the shape the
/// operation declares (`provider show`'s `items` and `shape`), holding one item whose `id`
/// and `echo` are the request's ``HTTPRequest/echoToken``, so that two requests get two
/// different answers, and an answer printed later shows which request brought it.
/// ``isDown`` turns every request into a refused connection.
final class EchoAnswers: Sendable {
    /// Where the item goes in the answer, as `provider show --format json` says it.
    struct Shape: Sendable {
        var items: String
        var shape: String
    }

    private let shape = Mutex(Shape(items: ".", shape: "record"))
    private let down = Mutex(false)

    init() {}

    /// The shape of the answers from now on.
    func answer(as shape: Shape) { self.shape.withLock { $0 = shape } }

    /// Whether every request now fails as a refused connection does.
    var isDown: Bool {
        get { down.withLock { $0 } }
        set { down.withLock { $0 = newValue } }
    }

    func answer(_ request: HTTPRequest) throws -> HTTPResponse {
        if isDown { throw HTTPClientError.connectionFailed(url: request.redactedURL, reason: "connection refused") }
        let body = try JSONSerialization.data(withJSONObject: Self.answer(request.echoToken, as: shape.withLock { $0 }))
        return HTTPResponse(status: 200, headers: HTTPHeaders([("Content-Type", "application/json")]), body: body)
    }

    /// One item (a record, a list of one, or parallel arrays of one value each) at the items path.
    static func answer(_ token: String, as shape: Shape) -> Any {
        var answer: Any
        switch shape.shape {
        case "parallel": answer = ["id": [token], "echo": [token]]
        case "list": answer = [["id": token, "echo": token, "name": "answer " + token]]
        default: answer = ["id": token, "echo": token, "name": "answer " + token]
        }
        if shape.items != "." {
            for key in shape.items.split(separator: ".").reversed() { answer = [String(key): answer] }
        }
        return answer
    }
}
