#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fetches an OpenAPI document for `provider add --openapi URL`: once, through the
/// real transport with its body cap, redirect policy and apicli's own deadline,
/// without a key, never stored. Every failure is one line: 69 when it cannot be
/// reached or answers with an error, 75 when it asks to be tried later.
struct DocumentFetch: Sendable {
    let environment: HostEnvironment
    let options: RunOptions

    /// The document's bytes and the URL that served them, after redirects: where its relative URLs resolve.
    func fetch(_ url: URL) async throws -> (bytes: [UInt8], url: URL) {
        let request = HTTPRequest(baseURL: url, path: "")
        let context = RequestContext(
            provider: "provider-add", deadline: environment.time.now().addingTimeInterval(options.timeout.timeInterval))
        let response: HTTPResponse
        do {
            response = try await ClientFactory.transport(environment).send(request, context: context)
        } catch {
            let mapped = ErrorMapping.cliError(error)
            throw CLIError("could not fetch the OpenAPI document \(request.redactedURL): \(mapped.message)", exitCode: mapped.exitCode)
        }
        guard response.isSuccess else {
            let code: ExitCode = response.status == 429 || response.status == 503 ? .temporaryFailure : .unavailable
            throw CLIError("\(request.redactedURL) answered \(response.status), not the OpenAPI document", exitCode: code)
        }
        return (Array(response.body), response.url ?? url)
    }
}
