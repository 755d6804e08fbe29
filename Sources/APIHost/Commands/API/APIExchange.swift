#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Sends one request of `apicli api` through the provider's client and words
/// what went wrong the way a provider run does: the same exit codes (69
/// unreachable, 75 rate limited or temporary, 77 key rejected, 66 not found),
/// and when the network fails, the cached answer with a "stored at … (age)" warning.
struct APIExchange: Sendable {
    let client: HTTPClient
    let descriptor: ProviderDescriptor
    let options: RunOptions
    let time: TimeSource
    let messages: Messages

    /// The answer, successful or not; throws when none came (or, offline, none is cached).
    /// `patient`: a later page, which waits out the rate limit rather than give up.
    func send(_ request: HTTPRequest, patient: Bool) async throws -> HTTPResponse {
        let mode: RequestContext.CacheMode = options.offline ? .offline : options.refresh ? .refresh : .normal
        do {
            return try await client.send(request, context: context(mode, patient: patient))
        } catch let error as HTTPClientError {
            let failure = ErrorMapping.cliError(error)
            // A write is never answered from the cache.
            guard error.isTransient, mode != .offline, request.isRead,
                  let cached = try? await client.send(request, context: context(.offline, patient: false)),
                  case let .cache(storedAt) = cached.origin
            else {
                if mode == .offline {
                    throw CLIError("nothing cached for \(request.redactedURL); run it once without --offline", exitCode: .unavailable)
                }
                throw failure
            }
            messages.warning(StaleNotice.text(fetchedAt: storedAt, now: time.now(), failure: failure.message))
            return cached
        }
    }

    private func context(_ mode: RequestContext.CacheMode, patient: Bool) -> RequestContext {
        let allowance = options.timeout + (patient ? .seconds(65) : .zero)
        return RequestContext(
            provider: descriptor.name, displayName: descriptor.displayName,
            deadline: time.now().addingTimeInterval(allowance.timeInterval), cacheMode: mode)
    }

    /// The error an unsuccessful answer is, worded as for the provider's own commands.
    func failure(_ response: HTTPResponse, path: String) -> CLIError {
        let wording = FailureWording(descriptor: descriptor, now: time.now())
        if response.status == 404 || response.status == 410 {
            return CLIError("\(descriptor.displayName) has nothing at \(path) (HTTP \(response.status))", exitCode: .noInput)
        }
        return StatusReading.failure(status: response.status, path: path, wording: wording).error
    }
}
