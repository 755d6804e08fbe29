import Foundation

/// Two origins of one ``OriginServer`` that differ in one part only: the host, the
/// port or the scheme. A credential sent to ``base(_:)`` must never reach ``other(_:)``,
/// whatever a server answers. The rows are the table of every origin test.
public struct OriginPair: Sendable, CustomStringConvertible {
    /// What differs, as the server's paths name it: `host`, `port` or `scheme`.
    public var difference: String
    /// Whether the base origin is HTTPS.
    public var tls: Bool

    public var description: String {
        switch (difference, tls) {
        case ("scheme", true): "scheme only (https → http)"
        case ("scheme", false): "scheme only (http → https)"
        default: "\(difference) only (\(tls ? "https" : "http"))"
        }
    }

    /// Every pair: host only and port only, over HTTP and HTTPS; the scheme only, both ways.
    public static let all: [OriginPair] = [
        OriginPair(difference: "host", tls: false), OriginPair(difference: "port", tls: false),
        OriginPair(difference: "scheme", tls: true), OriginPair(difference: "host", tls: true),
        OriginPair(difference: "port", tls: true), OriginPair(difference: "scheme", tls: false),
    ]

    /// The origin the credential belongs to: `scheme://127.0.0.1:P`.
    public func base(_ server: OriginServer) -> String { server.origin(tls: tls) }

    /// The origin that differs from ``base(_:)`` in ``difference`` alone.
    public func other(_ server: OriginServer) -> String {
        switch difference {
        case "host": server.origin(tls: tls, host: "127.0.0.2")
        case "port": server.origin(tls: tls, otherPort: true)
        default: server.origin(tls: !tls)
        }
    }

    /// A base URL under the base origin whose requests the server answers with `behaviour`
    /// (`redirect`, `link`, `next`, `redirect-later`) towards the other origin; `row` keeps
    /// one case's requests apart from every other's.
    public func baseURL(_ server: OriginServer, row: String, behaviour: String) -> String {
        base(server) + "/\(row)/\(difference)/\(behaviour)"
    }

    /// The lines of the server's log that reached an origin other than the base and hold one of
    /// `secrets`: each is a leak.
    public func leaks(of secrets: [String], in server: OriginServer) -> [String] {
        let base = base(server)
        return server.requests.filter { $0.origin != base }.compactMap { request in
            let text = request.headText
            return secrets.contains { !$0.isEmpty && text.contains($0) } ? request.origin + " " + text : nil
        }
    }

    /// The requests of `row` that reached the other origin.
    public func arrivals(of row: String, at server: OriginServer) -> [OriginServer.Request] {
        let other = other(server)
        return server.requests.filter { $0.origin == other && $0.target.contains("/\(row)/") }
    }

    /// The requests of `row` that reached the base origin.
    public func departures(of row: String, at server: OriginServer) -> [OriginServer.Request] {
        let base = base(server)
        return server.requests.filter { $0.origin == base && $0.target.contains("/\(row)/") }
    }
}
