#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore
import APIStore

/// An operation that writes (a POST, PUT, PATCH or DELETE a provider does not declare a
/// read): asked for or `--yes`, shown by `--dry-run`, sent once, never cached nor stored as
/// items; its answer printed as it came and kept in the request log, as `apicli api` does
/// (docs/design/0240-writes-are-guarded-and-logged.md).
struct OperationWrite {
    let descriptor: ProviderDescriptor
    let environment: HostEnvironment
    let options: RunOptions

    func run(
        _ request: HTTPRequest, command: ParsedCommand, client: HTTPClient, store: Store,
        failure: (HTTPResponse) -> CLIError
    ) async throws -> ExitCode {
        if command.values["dry-run"] == "true" {
            environment.console.out(RequestDisplay.text(request))
            return .success
        }
        if options.offline {
            throw UsageError("--offline cannot send a \(request.method): a write is never answered from the store")
        }
        let decision = try WriteConfirmation.decide(
            request, yes: command.values["yes"] == "true", stdinIsTerminal: environment.stdinIsTerminal,
            console: environment.console, readLine: environment.readLine)
        guard decision == .send else {
            environment.console.err("apicli: not sent\n")
            return .empty
        }
        let context = RequestContext(
            provider: descriptor.name, displayName: descriptor.displayName,
            deadline: environment.time.now().addingTimeInterval(options.timeout.timeInterval), cacheMode: .refresh)
        let response: HTTPResponse
        do {
            response = try await client.send(request, context: context)
        } catch let error as HTTPClientError {
            throw ErrorMapping.cliError(error)
        }
        do {
            try RequestLog.record(request, response: response, provider: descriptor.name, at: environment.time.now(), in: store)
        } catch {
            Messages(environment: environment, options: options).warning("the answer was not kept in the request log: \(error)")
        }
        guard response.isSuccess else { throw failure(response) }
        APIResponsePrinter(console: environment.console, include: false, onTerminal: environment.stdoutIsTerminal, secrets: request.secrets)
            .print(response)
        return .success
    }
}
