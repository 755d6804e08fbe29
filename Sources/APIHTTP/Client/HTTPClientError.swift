#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every way an exchange can fail short of a complete response.
///
/// Each case carries the *redacted* URL, never the real one, so an error can be
/// printed, logged or asserted on without leaking a key.
public enum HTTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No connection could be made, or it broke before the response was complete.
    case connectionFailed(url: String, reason: String)
    /// The overall deadline (or the connect timeout) passed.
    case timedOut(url: String, after: Duration)
    /// The body, after decompression, grew past the cap.
    case bodyTooLarge(url: String, limit: Int)
    /// The server answered, but not in a form that can be read: no HTTP status line (an
    /// SSH banner, HTTP/0.9), an invalid status code, headers too large, a compressed body
    /// that does not decompress. Not a failure to reach it.
    case badAnswer(url: String, reason: String)
    /// The server closed the connection before `Content-Length` bytes arrived.
    case truncated(url: String, received: Int, expected: Int)
    /// The server, or our own rate limiter, asks for a wait past the deadline.
    case retryLater(url: String, after: Duration, reason: String)
    /// `--offline` and nothing usable in the cache.
    case offline(url: String)
    /// The request was cancelled.
    case cancelled(url: String)
    /// This machine cannot send requests at all: libcurl is missing or too old. Not a network
    /// failure, so no stored answer stands in for it.
    case transportUnavailable(reason: String)

    /// True for failures worth showing stored results for.
    public var isTransient: Bool {
        switch self {
        case .connectionFailed, .timedOut, .truncated, .retryLater, .offline: true
        // An answer that arrived but cannot be read is like one that cannot be decoded (65).
        case .bodyTooLarge, .cancelled, .transportUnavailable, .badAnswer: false
        }
    }

    public var description: String {
        switch self {
        case let .connectionFailed(url, reason): "could not reach \(url): \(reason)"
        case let .timedOut(url, after): "no complete answer from \(url) within \(Self.seconds(after))"
        case let .bodyTooLarge(url, limit): "the answer from \(url) is larger than \(limit) bytes"
        case let .badAnswer(url, reason): "the answer from \(url) could not be read: \(reason)"
        case let .truncated(url, received, expected):
            "the answer from \(url) broke off after \(received) of \(expected) bytes"
        case let .retryLater(_, after, reason): "\(reason); \(Self.retry(after))"
        case let .offline(url): "offline and nothing cached for \(url)"
        case let .cancelled(url): "cancelled: \(url)"
        case let .transportUnavailable(reason): "cannot send requests: \(reason)"
        }
    }

    /// `retry in 48 s` up to an hour, then in hours or days (rounded up, so never
    /// too early), and `try again later` past a year: a server's `Retry-After: 99999999` is
    /// three years, not a number of seconds to quote.
    public static func retry(_ duration: Duration) -> String {
        let seconds = max(duration.wholeSecondsRoundedUp, 0)
        func up(_ unit: Int) -> Int { (seconds + unit - 1) / unit }
        switch seconds {
        case ...3_600: return "retry in \(seconds) s"
        case ...172_800: return "retry in \(up(3_600)) hours"
        case ...31_536_000: return "retry in \(up(86_400)) days"
        default: return "try again later"
        }
    }

    /// `48 s`, rounded up so that "retry in" is never too early.
    public static func seconds(_ duration: Duration) -> String {
        "\(max(duration.wholeSecondsRoundedUp, 0)) s"
    }
}
