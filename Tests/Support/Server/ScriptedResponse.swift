import Foundation

/// What the loopback server does with one request: an answer, or a fault.
///
/// ```swift
/// .json(#"{"ok":true}"#)                          // 200 with a JSON body
/// .status(429, headers: [("Retry-After", "1")])   // a rate limit
/// .json(body).delayed(by: .milliseconds(300))     // latency
/// .json(body).dripping(chunk: 1, every: .milliseconds(200))
/// .reset                                          // RST instead of an answer
/// .json(body).truncated(after: 10)                // Content-Length says more
/// ```
public struct ScriptedResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// Waited before anything is sent.
    public var delay: Duration
    /// When set, the body goes out `chunk` bytes at a time with a pause between.
    public var drip: Drip?
    public var fault: Fault?

    public struct Drip: Sendable, Hashable {
        public var chunk: Int
        public var interval: Duration
    }

    public enum Fault: Sendable, Hashable {
        /// Close with RST (SO_LINGER 0) as soon as the request is read.
        case reset
        /// Announce the whole body's length but send only this many bytes, then close.
        case truncate(after: Int)
        /// Send these bytes instead of an HTTP answer (an SSH banner, an HTTP/0.9 reply), then close.
        case raw(Data)
    }

    public init(
        status: Int, headers: [(name: String, value: String)] = [], body: Data = Data(),
        delay: Duration = .zero, drip: Drip? = nil, fault: Fault? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.drip = drip
        self.fault = fault
    }

    public static func status(
        _ status: Int, headers: [(name: String, value: String)] = [], body: String = ""
    ) -> ScriptedResponse {
        ScriptedResponse(status: status, headers: headers, body: Data(body.utf8))
    }

    public static func json(
        _ text: String, status: Int = 200, headers: [(name: String, value: String)] = []
    ) -> ScriptedResponse {
        json(Data(text.utf8), status: status, headers: headers)
    }

    public static func json(
        _ data: Data, status: Int = 200, headers: [(name: String, value: String)] = []
    ) -> ScriptedResponse {
        ScriptedResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: data)
    }

    /// A body sent with `Content-Encoding: gzip`; `compressed` must already be gzip bytes.
    public static func gzip(_ compressed: Data, status: Int = 200) -> ScriptedResponse {
        ScriptedResponse(
            status: status,
            headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
            body: compressed
        )
    }

    /// A redirect to `location`.
    public static func redirect(to location: String, status: Int = 302) -> ScriptedResponse {
        ScriptedResponse(status: status, headers: [("Location", location)])
    }

    public static let reset = ScriptedResponse(status: 0, fault: .reset)

    /// `bytes` as they are, in place of an HTTP answer.
    public static func raw(_ bytes: Data) -> ScriptedResponse {
        ScriptedResponse(status: 0, fault: .raw(bytes))
    }

    public func delayed(by delay: Duration) -> ScriptedResponse {
        var copy = self
        copy.delay = delay
        return copy
    }

    public func dripping(chunk: Int, every interval: Duration) -> ScriptedResponse {
        var copy = self
        copy.drip = Drip(chunk: max(chunk, 1), interval: interval)
        return copy
    }

    public func truncated(after count: Int) -> ScriptedResponse {
        var copy = self
        copy.fault = .truncate(after: count)
        return copy
    }

    /// The status line and headers; `Content-Length` is always the whole body's.
    func head() -> Data {
        var lines = ["HTTP/1.1 \(status) \(Self.reason(status))"]
        for header in headers where header.name.lowercased() != "content-length" {
            lines.append("\(header.name): \(header.value)")
        }
        lines.append("Content-Length: \(body.count)")
        lines.append("Connection: close")
        return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 408: "Request Timeout"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status"
        }
    }
}
