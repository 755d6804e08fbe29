import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension NYTProvider {
    /// Reads the gateway's fault body (`fault.faultstring`, `fault.detail.errorcode`)
    /// or the service's `errors` list into a classification; the host words it.
    /// The key is never part of either body, and no URL is quoted.
    public func failure(status: Int, body: Data, for query: ArticleQuery) -> ProviderFailure? {
        let fault = GatewayFault.read(body)
        let detail = fault?.message
        switch status {
        case 429:
            return .quotaExhausted(until: nil, detail: detail)
        case 401:
            return .keyRejected(detail: detail)
        case 403:
            // The gateway also answers 403 while it throttles a key: only a body
            // that blames the key says the key is wrong.
            if fault?.isKeyProblem == true { return .keyRejected(detail: detail) }
            return .temporarilyUnavailable(detail: detail ?? "HTTP 403")
        case 400:
            guard let fault else { return nil }
            if fault.isKeyProblem { return .keyRejected(detail: detail) }
            return .badRequest((detail ?? "HTTP 400") + "; check --fq, --from and --to")
        default:
            guard let detail else { return nil }
            return status >= 500 ? .temporarilyUnavailable(detail: detail) : .badRequest(detail)
        }
    }
}
