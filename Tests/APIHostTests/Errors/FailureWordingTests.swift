import Foundation
import Testing
@testable import APIHost

/// Each kind of failure is worded once, from the descriptor, with one exit code.
@Suite("FailureWording")
struct FailureWordingTests {
    static let descriptor = ProviderDescriptor(
        name: "sky", displayName: "SkyAPI", summary: "s", defaultBaseURL: URL(fileURLWithPath: "/"),
        credential: CredentialSpec(
            parameter: "key", environmentVariable: "SKY_KEY", signupURL: "https://sky.example/keys",
            activationDelay: .seconds(7200)))
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    let wording = FailureWording(descriptor: Self.descriptor, now: Self.now)

    @Test("every kind: one line, its exit code, and whether stored results stand in", arguments: [
        (ProviderFailure.notFound("city named \"Atlantis\""), ExitCode.noInput, false, "no city named \"Atlantis\""),
        (.badRequest("bad filter"), .usage, false, "SkyAPI refused the request: bad filter"),
        (.keyRejected(detail: "Invalid key"), .permissionDenied, false,
         "SkyAPI rejected the API key (Invalid key); check SKY_KEY or run 'apicli config set sky.api-key'; "
            + "a new key can take up to 2 hours to become active (keys: https://sky.example/keys)"),
        (.notInPlan(detail: nil), .permissionDenied, false,
         "the SkyAPI plan of this key does not include this request; see https://sky.example/keys for the plans"),
        (.quotaExhausted(until: now.addingTimeInterval(41.2), detail: "blocked"), .temporaryFailure, true,
         "SkyAPI rate limit reached (blocked); retry in 42 s"),
        (.quotaExhausted(until: nil, detail: nil), .temporaryFailure, true, "SkyAPI rate limit reached; try again later"),
        (.temporarilyUnavailable(detail: "HTTP 503"), .temporaryFailure, true,
         "SkyAPI is unavailable for now (HTTP 503); try again later"),
    ])
    func kinds(failure: ProviderFailure, code: ExitCode, transient: Bool, message: String) {
        let error = wording.error(failure)
        #expect(error.exitCode == code)
        #expect(error.message == message)
        #expect(!error.message.contains("\n"))
        #expect(FailureWording.isTransient(failure) == transient)
    }

    @Test("a far wait is given as a time; a past or absurd one as later")
    func farAndAbsurdWaits() {
        let far = wording.error(.quotaExhausted(until: Self.now.addingTimeInterval(3 * 3600), detail: nil))
        #expect(far.message.hasSuffix("retry after 2027-01-15T11:00:00Z"))
        for until in [Self.now.addingTimeInterval(-5), Date.distantFuture] {
            #expect(wording.error(.quotaExhausted(until: until, detail: nil)).message.hasSuffix("try again later"))
        }
    }

    @Test("statuses a provider did not recognise", arguments: [
        (401, ExitCode.permissionDenied, false), (403, .permissionDenied, false), (429, .temporaryFailure, true),
        (500, .temporaryFailure, true), (503, .temporaryFailure, true), (404, .unavailable, true), (418, .unavailable, true),
    ])
    func statuses(status: Int, code: ExitCode, transient: Bool) {
        let reading = StatusReading.failure(status: status, path: "/v1/x", wording: wording)
        #expect(reading.error.exitCode == code)
        #expect(reading.isTransient == transient)
        if status == 404 {
            #expect(reading.error.message == "unexpected answer from SkyAPI: HTTP 404 for /v1/x; check APICLI_SKY_BASE_URL if it is set")
        }
    }
}
