@testable import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

/// `apicli api -X METHOD` with each body form, over a real connection to a loopback server
/// that counts what arrives: the method, the body and its type, the `-H` headers, the key
/// where the provider puts it; a write that fails after it went out is sent once; writes are
/// never cached, never items, and kept in the request log without the key; `--dry-run` sends
/// nothing; a write without `--yes` and without a terminal is refused.
@Suite("apicli api: every method, over a loopback server")
struct APIWriteMethodsTests {
    static let key = "stubKEY-writes-7d41a9"

    /// An echoing server; `status` answers every request.
    static func server(status: Int = 200) throws -> LoopbackServer {
        try LoopbackServer { _ in .json(#"{"ok":true}"#, status: status) }
    }

    static func host(_ server: LoopbackServer) throws -> InProcessHost {
        try InProcessHost(
            sources: [.compiled([StubProvider(keyVariable: "STUB_API_KEY")])],
            variables: [
                "STUB_API_KEY": key, "APICLI_STUB_BASE_URL": server.baseURL.absoluteString,
                "APICLI_TIMEOUT": InProcessHost.realConnectionDeadline,
            ],
            answer: { _, _ in InProcessHost.json("{}", status: 599) })
    }

    /// A run over the real transport, stdin a terminal answering `answer` when given.
    static func run(_ host: InProcessHost, _ words: [String], terminalAnswer answer: String? = nil) async -> InProcessHost.Run {
        await host.run(words) { environment in
            environment.transport = nil
            if let answer {
                environment.stdinIsTerminal = true
                environment.readLine = { answer }
            }
        }
    }

    enum BodyForm: String, CaseIterable, Sendable {
        case rawFields, typedFields, input, form
    }

    @Test("each write method with each body form arrives once, as given, with the key and the -H header", arguments:
        ["POST", "PUT", "PATCH", "DELETE"], BodyForm.allCases)
    func methodAndBody(_ method: String, _ form: BodyForm) async throws {
        let server = try Self.server()
        defer { server.stop() }
        let host = try Self.host(server)
        let input = host.directory.path("body.json")
        try Data(#"{"raw":[1,2]}"#.utf8).write(to: URL(fileURLWithPath: input))
        let words: [String]
        let expectedBody: String
        var expectedType = "application/json"
        switch form {
        case .rawFields:
            words = ["-f", "name=Rex", "-f", "age=3"]
            expectedBody = #"{"name":"Rex","age":"3"}"#
        case .typedFields:
            words = ["-F", "age=3", "-F", "a.b=true", "-F", "tags[]=x", "-F", "tags[]=y", "-F", "gone=null", "-F", "w=1.5"]
            expectedBody = #"{"age":3,"a":{"b":true},"tags":["x","y"],"gone":null,"w":1.5}"#
        case .input:
            words = ["--input", input]
            expectedBody = #"{"raw":[1,2]}"#
        case .form:
            words = ["-f", "q=a b&c", "-H", "Content-Type: application/x-www-form-urlencoded"]
            expectedBody = "q=a%20b%26c"
            expectedType = "application/x-www-form-urlencoded"
        }
        let result = await Self.run(host, ["api", "stub", "/v1/pets", "-X", method, "-H", "X-Trace: t1", "--yes"] + words)
        #expect(result.code == .success, "\(result.stderr)")
        #expect(result.stdout == #"{"ok":true}"#)
        #expect(server.requests.count == 1)
        let sent = try #require(server.requests.first)
        #expect(sent.method == method)
        #expect(String(decoding: sent.body, as: UTF8.self) == expectedBody)
        #expect(sent.header("Content-Type") == expectedType)
        #expect(sent.header("X-Trace") == "t1")
        #expect(sent.query("key") == Self.key)
    }

    @Test("-f and -F on a GET are query parameters, and no body is sent; without -X a body makes it a POST")
    func fieldsOnGet() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let host = try Self.host(server)
        let get = await Self.run(host, ["api", "stub", "/v1/pets", "-X", "GET", "-f", "q=rex", "-F", "limit=2"])
        #expect(get.code == .success, "\(get.stderr)")
        let sent = try #require(server.requests.first)
        #expect(sent.method == "GET" && sent.body.isEmpty)
        #expect(sent.query("q") == "rex" && sent.query("limit") == "2")
        let post = await Self.run(host, ["api", "stub", "/v1/pets", "-f", "q=rex", "--yes"])
        #expect(post.code == .success, "\(post.stderr)")
        #expect(server.requests.last?.method == "POST")
    }

    @Test("-F name=@FILE sends the file's text; a missing file is one line (66) and sends nothing")
    func fieldFromFile() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let host = try Self.host(server)
        let note = host.directory.path("note.txt")
        try Data("two\nlines".utf8).write(to: URL(fileURLWithPath: note))
        let sent = await Self.run(host, ["api", "stub", "/v1/notes", "-F", "text=@\(note)", "-F", "n=1", "--yes"])
        #expect(sent.code == .success, "\(sent.stderr)")
        #expect(String(decoding: server.requests.first?.body ?? Data(), as: UTF8.self) == #"{"text":"two\nlines","n":1}"#)
        let missing = await Self.run(host, ["api", "stub", "/v1/notes", "-F", "text=@\(note).gone", "--yes"])
        #expect(missing.code == .noInput && missing.isOneErrorLine, "\(missing.stderr)")
        #expect(server.requests.count == 1)
    }

    @Test("a write that fails after it went out is sent once, whatever its method", arguments: ["POST", "PUT", "PATCH", "DELETE"])
    func sentOnce(_ method: String) async throws {
        let server = try Self.server(status: 503)
        defer { server.stop() }
        let host = try Self.host(server)
        let result = await Self.run(host, ["api", "stub", "/v1/pets/1", "-X", method, "-F", "a=1", "--yes"])
        #expect(result.code == .temporaryFailure, "\(result.stderr)")
        #expect(server.requests.count == 1, "a \(method) answered 503 is not sent again")
        let reset = try LoopbackServer { _ in ScriptedResponse(status: 200, fault: .reset) }
        defer { reset.stop() }
        let resetHost = try Self.host(reset)
        _ = await Self.run(resetHost, ["api", "stub", "/v1/pets/1", "-X", method, "--yes"])
        #expect(reset.requests.count == 1, "a \(method) whose connection broke after sending is not sent again")
    }

    @Test("writes are never cached nor items: two POSTs reach the server twice; the log keeps both, without the key")
    func neverCachedLogged() async throws {
        // 200, the status the cache would keep.
        let server = try LoopbackServer { _ in .json(#"{"id":1,"echo":"\#(Self.key)"}"#, status: 200) }
        defer { server.stop() }
        let host = try Self.host(server)
        for _ in 0..<2 {
            let result = await Self.run(host, ["api", "stub", "/v1/pets", "-F", "name=Rex", "--yes"])
            #expect(result.code == .success, "\(result.stderr)")
            #expect(!result.stdout.contains(Self.key))
        }
        #expect(server.requests.count == 2)
        #expect(try host.count("apicli_http_cache") == 0)
        let rows = try host.rows("SELECT provider, method, url, status, request_bytes, answer FROM apicli_requests ORDER BY id")
        #expect(rows.count == 2)
        let first = try #require(rows.first)
        #expect(first[0].string == "stub" && first[1].string == "POST" && first[3].int == 200)
        #expect(first[2].string?.contains("key=***") == true)
        #expect(first[4].int == #"{"name":"Rex"}"#.utf8.count)
        #expect(first[5].string?.contains(#""id":1"#) == true)
        let bytes = try host.storeBytes()
        #expect(bytes.range(of: Data(Self.key.utf8)) == nil, "no key anywhere in the store")
        let sql = await host.run(["store", "sql", "SELECT method, status FROM apicli_requests", "--format", "csv"])
        #expect(sql.stdout.contains("POST,200"), "\(sql.stdout)\(sql.stderr)")
    }

    @Test("--dry-run prints method, redacted URL and headers, and the body, and sends nothing")
    func dryRun() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let host = try Self.host(server)
        let result = await Self.run(
            host, ["api", "stub", "/v1/pets", "-X", "PATCH", "-F", "a.b=1", "-H", "X-Trace: t1", "--dry-run"])
        #expect(result.code == .success, "\(result.stderr)")
        #expect(server.requests.isEmpty)
        #expect(result.stdout == """
            PATCH \(server.baseURL.absoluteString)/v1/pets?key=***
            X-Trace: t1
            Content-Type: application/json

            {"a":{"b":1}}

            """)
        #expect(!result.stdout.contains(Self.key) && !result.stderr.contains(Self.key))
    }

    @Test("the request shown (--dry-run, the question) never holds the key: a header key, a bearer token, one typed into the body", arguments: [
        CredentialPlacement.header("X-Api-Key"), .bearer, .basic, .query("key"),
    ])
    func shownWithoutKey(_ placement: CredentialPlacement) throws {
        let secret = "s3cret-Token_9f2"
        let request = HTTPRequest(
            method: "POST", baseURL: try #require(URL(string: "https://api.example")), path: "/v1/x",
            headers: HTTPHeaders([("Content-Type", "application/json")]), credential: Credential(placement: placement, value: secret),
            body: Data(#"{"echo":"\#(secret)"}"#.utf8))
        let shown = RequestDisplay.text(request)
        #expect(!shown.contains(secret), "\(shown)")
        for form in request.secrets { #expect(!shown.contains(form), "\(shown)") }
        #expect(shown.contains(#"{"echo":"***"}"#))
        #expect(shown.hasPrefix("POST https://api.example/v1/x"))
    }

    @Test("a write without --yes and without a terminal is refused in one line (64); on a terminal, the answer decides")
    func guarded() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let host = try Self.host(server)
        let refused = await Self.run(host, ["api", "stub", "/v1/pets/1", "-X", "DELETE"])
        #expect(refused.code == .usage)
        #expect(refused.isOneErrorLine, "\(refused.stderr)")
        #expect(refused.stderr.contains("--yes"))
        let declined = await Self.run(host, ["api", "stub", "/v1/pets/1", "-X", "DELETE"], terminalAnswer: "n")
        #expect(declined.code == .empty)
        #expect(declined.stderr.contains("DELETE \(server.baseURL.absoluteString)/v1/pets/1?key=***"), "\(declined.stderr)")
        #expect(server.requests.isEmpty)
        let accepted = await Self.run(host, ["api", "stub", "/v1/pets/1", "-X", "DELETE"], terminalAnswer: "y")
        #expect(accepted.code == .success, "\(accepted.stderr)")
        #expect(server.requests.map(\.method) == ["DELETE"])
    }

    @Test("neither -H nor a field may set the key: its header, Authorization for a bearer key, its parameter")
    func keyRefused() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let host = try Self.host(server)
        let field = await Self.run(host, ["api", "stub", "/v1/pets", "-f", "key=mine", "--yes"])
        #expect(field.code == .usage && field.isOneErrorLine, "\(field.stderr)")
        let query = await Self.run(host, ["api", "stub", "/v1/pets", "-X", "GET", "-F", "key=mine"])
        #expect(query.code == .usage && query.isOneErrorLine, "\(query.stderr)")
        let injected = await Self.run(host, ["api", "stub", "/v1/pets", "-H", "X-A: 1\r\nX-B: 2"])
        #expect(injected.code == .usage && injected.isOneErrorLine, "\(injected.stderr)")
        #expect(server.requests.isEmpty)
        #expect(throws: UsageError.self) { try APIRequestPlan.header("x-algolia-api-key: x", keyPlacement: .header("X-Algolia-API-Key")) }
        #expect(throws: UsageError.self) { try APIRequestPlan.header("authorization: Bearer x", keyPlacement: .bearer) }
        #expect(throws: UsageError.self) { try APIRequestPlan.header("Authorization: Basic eA==", keyPlacement: .basic) }
        #expect(throws: Never.self) { try APIRequestPlan.header("X-Other: x", keyPlacement: .bearer) }
    }
}
