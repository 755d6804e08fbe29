#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProviderFiles

/// The one live request `provider add` makes to a keyless API to see what an
/// answer looks like: through the real transport, once, with the usual timeout.
struct SampleFetch: Sendable {
    let environment: HostEnvironment
    let options: RunOptions

    func fetch(_ file: ProviderFile, words: String) async throws -> JSONValue {
        let endpoint = file.sampleEndpoint(words: words)
        let baseURL = try Settings(variables: environment.variables, config: ConfigFile(path: ""))
            .baseURL(for: file.descriptor(source: file.name))
        let request = HTTPRequest(baseURL: baseURL, path: endpoint.path, query: endpoint.query)
        let transport = ClientFactory.transport(environment)
        let context = RequestContext(
            provider: file.name, deadline: environment.time.now().addingTimeInterval(options.timeout.timeInterval))
        let response: HTTPResponse
        do {
            response = try await transport.send(request, context: context)
        } catch {
            throw CLIError(
                "could not fetch a sample from \(request.redactedURL): \(ErrorMapping.cliError(error).message); "
                    + "save one answer and give it as --sample FILE", exitCode: .unavailable)
        }
        guard response.isSuccess else {
            throw CLIError("\(request.redactedURL) answered \(response.status); give a saved answer as --sample FILE",
                           exitCode: .unavailable)
        }
        guard let document = try? JSONValue.parse(response.body) else {
            throw CLIError("\(request.redactedURL) did not answer JSON", exitCode: .dataError)
        }
        return document
    }
}
