#if os(Linux)
import CCurlShim
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import APIBasics

/// What libcurl reports beside a failed transfer's code.
struct CurlFailureDetail: Sendable {
    /// `errno` of the failed system call (`ECONNREFUSED`), 0 when none.
    var osError: Int32
    /// libcurl's error buffer: for certificate failures, the reason.
    var message: String
    /// The status code of the answer's status line when one was read, else 0.
    var status = 0
}

/// Turns a libcurl result code into ``HTTPClientError``, in words a person can act on.
///
/// libcurl's own messages are used only where they carry the reason (certificate
/// problems), and never when they contain the key.
enum CurlErrorMapping {
    static func clientError(
        _ code: CURLcode, detail: CurlFailureDetail, elapsed: Duration, options: CurlTransfer.Options
    ) -> HTTPClientError {
        let url = options.redactedURL
        let components = URLComponents(string: options.url)
        let host = components?.host ?? "the server"
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            // The overall deadline, unless it ended earlier on the connect timeout.
            let after = elapsed + .milliseconds(50) >= options.budget ? options.budget : options.connectTimeout
            return .timedOut(url: url, after: after)
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled(url: url)
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM, CURLE_SSL_ISSUER_ERROR,
             CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
            return .connectionFailed(url: url, reason: "the certificate of \(host) is not trusted" + clean(detail, options))
        case CURLE_SSL_CONNECT_ERROR:
            return .connectionFailed(url: url, reason: "the secure connection to \(host) failed" + clean(detail, options))
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_OUT_OF_MEMORY:
            // The URL is checked to be http(s) before it reaches libcurl, so these describe the answer.
            if let reason = answerProblem(code, detail: detail, host: host) { return .badAnswer(url: url, reason: reason) }
            let port = components?.port ?? (components?.scheme?.lowercased() == "https" ? 443 : 80)
            return .connectionFailed(url: url, reason: reason(code, detail: detail, host: host, port: port))
        default:
            let port = components?.port ?? (components?.scheme?.lowercased() == "https" ? 443 : 80)
            return .connectionFailed(url: url, reason: reason(code, detail: detail, host: host, port: port))
        }
    }

    static func reason(_ code: CURLcode, detail: CurlFailureDetail, host: String, port: Int) -> String {
        switch code {
        case CURLE_COULDNT_CONNECT:
            return HTTPClientError.notConnectedPrefix + "\(host):\(port) (\(connectReason(detail.osError)))"
        case CURLE_COULDNT_RESOLVE_HOST: return HTTPClientError.hostNotFoundPrefix + host
        case CURLE_GOT_NOTHING: return "the server closed the connection without answering"
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE: return "the connection was lost"
        case CURLE_HTTP2, CURLE_HTTP2_STREAM: return "the server sent a malformed response"
        case CURLE_UNSUPPORTED_PROTOCOL: return "only http and https URLs are supported"
        case CURLE_URL_MALFORMAT: return "libcurl cannot use the URL (a port out of range, or a malformed host?)"
        case CURLE_OUT_OF_MEMORY: return "out of memory"
        default: return "transfer failed (libcurl error \(code.rawValue): \(String(cString: apicli_easy_strerror(code))))"
        }
    }

    /// What was wrong with an answer libcurl refused, or nil when the code is about
    /// something else (a URL it cannot use, memory it could not get before anything came).
    ///
    /// libcurl 7.88 words these as "Received HTTP/0.9 when not allowed" (code 1: any reply
    /// without an HTTP status line, an SSH banner included), "Unsupported response code in
    /// HTTP response" (code 1, status `000`), "Error while processing content unencoding"
    /// (61), and a header line over its 100 KB limit is code 27, "out of memory", with
    /// no message: a status line has been read by then, which a true lack of memory
    /// before the answer would not have.
    static func answerProblem(_ code: CURLcode, detail: CurlFailureDetail, host: String) -> String? {
        let message = detail.message.trimmed(.whitespacesAndNewlines)
        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL where message.containsLiteral("HTTP/0.9"):
            return "\(host) did not answer in HTTP (no status line; is another service listening on that port?)"
        case CURLE_UNSUPPORTED_PROTOCOL where message.lowercased().containsLiteral("response code"):
            return "the status line has no valid status code"
        case CURLE_UNSUPPORTED_PROTOCOL:
            // The URL was checked to be http(s) before libcurl saw it: this is the answer's status line.
            return "the status line is not HTTP's" + (message.isEmpty ? "" : " (libcurl: \(message.prefix(120)))")
        case CURLE_WEIRD_SERVER_REPLY:
            return "the server sent a malformed response"
        case CURLE_BAD_CONTENT_ENCODING:
            return "its compressed body is broken and could not be decompressed"
        case CURLE_OUT_OF_MEMORY where detail.status > 0:
            return "a response header is larger than libcurl accepts (100 KB)"
        default:
            return nil
        }
    }

    private static func connectReason(_ osError: Int32) -> String {
        switch osError {
        case ECONNREFUSED: "connection refused"
        case ENETUNREACH: "network unreachable"
        case EHOSTUNREACH: "host unreachable"
        case ETIMEDOUT: "timed out"
        default: "connection failed"
        }
    }

    /// ` (libcurl's reason)`, or nothing when it is empty or shows the key.
    private static func clean(_ detail: CurlFailureDetail, _ options: CurlTransfer.Options) -> String {
        let text = detail.message.trimmed(.whitespacesAndNewlines)
        guard !text.isEmpty, !text.containsLiteral(options.url) else { return "" }
        if let secret = options.secret, !secret.isEmpty,
           text.containsLiteral(secret) || text.containsLiteral(PercentEncoding.encode(secret)) {
            return ""
        }
        return " (\(text))"
    }
}
#endif
