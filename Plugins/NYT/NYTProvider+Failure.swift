import APICore
import Foundation

extension NYTProvider {
    /// Reads the gateway's fault body (`fault.faultstring`, `fault.detail.errorcode`)
    /// or the service's `errors` list into one line. The key is never part of
    /// either body, and no URL is quoted.
    public func failure(status: Int, body: Data, for query: ArticleQuery) -> ProviderFailure? {
        let fault = GatewayFault.read(body)
        let detail = fault?.message.map { " (\($0))" } ?? ""
        switch status {
        case 429:
            return ProviderFailure("NYT rate limit reached\(detail); try again later", exitCode: .temporaryFailure)
        case 401, 403:
            return ProviderFailure(
                "NYT rejected the API key\(detail); check NYT_API_KEY (keys: https://developer.nytimes.com/get-started)",
                exitCode: .permissionDenied)
        case 400:
            guard let fault else { return nil }
            if fault.isKeyProblem {
                return ProviderFailure("NYT rejected the API key\(detail); check NYT_API_KEY", exitCode: .permissionDenied)
            }
            return ProviderFailure("NYT refused the search\(detail); check --fq, --from and --to", exitCode: .usage)
        default:
            guard let message = fault?.message else { return nil }
            let code: ExitCode = status >= 500 ? .temporaryFailure : .unavailable
            return ProviderFailure("NYT answered \(status): \(message)", exitCode: code)
        }
    }
}
