import Foundation
import Testing
import TestSupport

/// Every operation of the OpenAPI corpus that takes something (a path argument, an option,
/// required or not, or words) keeps each request's answer apart: the whole document is
/// imported as a user would, and each such operation is run through the host in-process
/// with a value for everything it takes, then once more per kind of thing it takes (its
/// path arguments, its options, its words) with those values changed (``CorpusRequests``).
/// The stub (``EchoAnswers``) answers each request with an answer of the operation's shape
/// that names the request; then `--offline`, each request must print its own answer and no
/// other. A key that leaves a kind out stores two requests' answers as one, and the request
/// run first gets the other's.
///
/// The rows run one at a time: a run reads the imported file again, as apicli does, and
/// Stripe's and Twilio's are large.
@Suite("Every corpus operation: each request's own stored answer", .serialized)
struct CorpusStoredAnswerHostTests {
    static let output = ["--fields", "echo", "--format", "ndjson"]

    @Test("each request with one kind of value changed, then each offline: its own answer", arguments: CorpusOperationHostTests.rows)
    func eachRequestItsOwnAnswer(row: CorpusOperationHostTests.Row) async throws {
        let echo = EchoAnswers()
        let host = try ProviderFilesHost { request in try echo.answer(request) }
        let document = Fixtures.realRoot.appendingPathComponent("openapi-corpus/\(row.document)").path
        let add = await host.run(["provider", "add", "corpus", "--openapi", document] + row.flags)
        try #require(add.code == .success, "\(add.stderr)")
        let show = await host.run(["provider", "show", "corpus", "--format", "json"])
        let provider = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        let operations = try #require(provider["operations"] as? [[String: Any]])
        let env = ["CORPUS_API_KEY": CorpusOperationHostTests.key]
        // A write has no stored answer: it is sent once and logged (its guard is tested on its own).
        for operation in operations where operation["read"] as? Bool != false {
            let requests = CorpusRequests(operation)
            guard requests.count > 0 else { continue }
            echo.answer(as: .init(items: operation["items"] as? String ?? ".", shape: operation["shape"] as? String ?? ""))
            let command = ["corpus"] + (operations.count > 1 ? [requests.name] : [])
            let variants = requests.variants
            var tokens: [String] = []
            for request in variants {
                let sent = host.requests.count
                let run = await host.run(command + request.commandLine + Self.output, set: env)
                #expect(run.code == .success, "\(request): \(run.stderr)")
                #expect(host.requests.count == sent + 1, "\(request): one request")
                tokens.append(host.requests.last?.echoToken ?? "")
            }
            #expect(Set(tokens).count == tokens.count, "\(requests.name): each request differs on the wire")
            for (request, token) in zip(variants, tokens) {
                let offline = await host.run(command + request.commandLine + ["--offline"] + Self.output, set: env)
                #expect(offline.code == .success, "\(request) --offline: \(offline.stderr)")
                #expect(offline.stdout.contains(token), "\(request) --offline (\(request.changed)): \(offline.stdout)")
                let others = tokens.filter { $0 != token && offline.stdout.contains($0) }
                #expect(others.isEmpty, "\(request) --offline (\(request.changed)) printed another request's answer: \(offline.stdout)")
            }
        }
    }
}
