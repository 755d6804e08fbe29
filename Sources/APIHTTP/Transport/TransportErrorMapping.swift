#if !os(Linux)
// Linux uses CurlTransport (see DefaultTransport): linking FoundationNetworking there would
// load libcurl and its dependencies into every start-up.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns what URLSession reports into ``HTTPClientError``.
///
/// Only the error *code* is used: URLSession's own descriptions and user info
/// hold the failing URL, key included.
enum TransportErrorMapping {
    static func clientError(_ error: any Error, url: String, connectTimeout: Duration) -> HTTPClientError {
        guard let urlError = error as? URLError else {
            return .connectionFailed(url: url, reason: "network error")
        }
        switch urlError.code {
        case .timedOut: return .timedOut(url: url, after: connectTimeout)
        case .cancelled: return .cancelled(url: url)
        default: return .connectionFailed(url: url, reason: reason(for: urlError.code))
        }
    }

    static func reason(for code: URLError.Code) -> String {
        switch code {
        case .cannotConnectToHost: "connection refused"
        case .networkConnectionLost: "the connection was lost"
        case .cannotFindHost, .dnsLookupFailed: "host not found"
        case .notConnectedToInternet: "no network connection"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            "the secure connection failed"
        case .badServerResponse, .cannotParseResponse: "the server sent a malformed response"
        case .httpTooManyRedirects, .redirectToNonExistentLocation: "too many or broken redirects"
        case .cannotDecodeContentData, .cannotDecodeRawData: "the response could not be decompressed"
        default: "network error \(code.rawValue)"
        }
    }
}
#endif
