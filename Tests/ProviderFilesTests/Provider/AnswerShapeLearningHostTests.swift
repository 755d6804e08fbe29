import Foundation
import Synchronization
import Testing
import TestSupport

/// An imported API whose answers are not the shape its document declares, end to end: the
/// document imported as a user would, its answers served over HTTP by a loopback server,
/// the host in-process. What came is read, said once on stderr, and noted in the provider
/// file (`itemsSeen`), so the next run says nothing.
@Suite("Answers read in the shape they came in", .serialized)
struct AnswerShapeLearningHostTests {
    static let corpus = "openapi-corpus/"
    static let answers = "openapi-answers/"
    static let stackExchange = corpus + "apisguru_stackexchange.com_2.0_openapi.yaml"
    static let questions = answers + "stackexchange_questions_votes_pagesize10_2018-10_orderquestions.json"
    static let associated = answers + "stackexchange_users_1_associated_2016-03_stackapi.json"

    /// A loopback server answering each path with its body (the query is not looked at); 404 otherwise.
    static func server(_ bodies: [String: Data]) throws -> LoopbackServer {
        try LoopbackServer { request in
            bodies[request.path].map { .json($0) } ?? .status(404, body: #"{"error": "no route"}"#)
        }
    }

    /// A host over HTTP whose provider `name` is imported from `document` (with `flags`) and points at `server`.
    static func imported(
        _ name: String, from document: String, flags: [String] = [], at server: LoopbackServer
    ) async throws -> ProviderFilesHost {
        let host = try ProviderFilesHost(variables: ProviderFilesHost.baseURL(for: name, at: server), overHTTP: true)
        let path = Fixtures.realRoot.appendingPathComponent(document).path
        let add = await host.run(["provider", "add", name, "--openapi", path] + flags)
        #expect(add.code == .success, "\(add.stderr)")
        return host
    }

    static func fileText(_ host: ProviderFilesHost, _ name: String) throws -> String {
        try String(contentsOfFile: host.providersFolder + "/\(name).json", encoding: .utf8)
    }

    /// The provider file's operations by name, parsed.
    static func operations(_ host: ProviderFilesHost, _ name: String) throws -> [String: [String: Any]] {
        let file = try #require(try JSONSerialization.jsonObject(with: Data(fileText(host, name).utf8)) as? [String: Any])
        let operations = file["operations"] as? [[String: Any]] ?? [file]
        return Dictionary(operations.map { ($0["name"] as? String ?? "", $0) }) { first, _ in first }
    }

    static func warnings(_ run: InProcessHost.Run) -> [String] {
        run.stderr.split(separator: "\n").map(String.init).filter { $0.contains("warning:") }
    }

    @Test("Stack Exchange: the document's bare list comes wrapped in items; read, said once, noted, and silent next time")
    func stackExchangeWrapper() async throws {
        let server = try Self.server([
            "/2.0/questions": try Fixtures.real(Self.questions), "/2.0/users/1/associated": try Fixtures.real(Self.associated),
        ])
        defer { server.stop() }
        let host = try await Self.imported("se", from: Self.stackExchange, at: server)
        let before = try Self.operations(host, "se")
        #expect((before["questions"]?["items"] as? [String: Any])?["shape"] as? String == "list", "the document declares a bare list")

        let first = await host.run(["se", "questions", "--site", "stackoverflow"])
        #expect(first.code == .success, "\(first.stderr)")
        #expect(first.stdout.contains("Why is it faster to process a sorted array than an unsorted array?"), "\(first.stdout)")
        let said = Self.warnings(first)
        #expect(said.count == 1, "\(first.stderr)")
        #expect(said.first?.contains("a list under 'items', not as a bare list") == true, "\(first.stderr)")
        #expect(said.first?.contains("noted in \(host.providersFolder)/se.json") == true, "\(first.stderr)")

        // Noted in the file, and nothing else of it changed.
        var after = try Self.operations(host, "se")
        #expect(after["questions"]?["itemsSeen"] as? [String] == ["items"], "\(String(describing: after["questions"]))")
        after["questions"]?["itemsSeen"] = nil
        #expect(NSDictionary(dictionary: after) == NSDictionary(dictionary: before), "only itemsSeen was added")

        let again = await host.run(["se", "questions", "--site", "stackoverflow", "--refresh"])
        #expect(again.code == .success, "\(again.stderr)")
        #expect(Self.warnings(again).isEmpty, "said once: \(again.stderr)")
        #expect(again.stdout == first.stdout)

        // Another operation learns for itself; its items are whole in JSON.
        let accounts = await host.run(["se", "users-ids-associated", "1", "--json"])
        #expect(accounts.code == .success, "\(accounts.stderr)")
        #expect(Self.warnings(accounts).count == 1, "\(accounts.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(accounts.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 30)
        #expect(items.first?["site_name"] as? String == "Stack Overflow", "\(String(describing: items.first))")
        #expect((items.first?["badge_counts"] as? [String: Any])?["gold"] != nil, "the whole item, nested objects too")

        // Offline, the stored answer is the same list.
        let offline = await host.run(["se", "questions", "--site", "stackoverflow", "--offline"])
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(offline.stdout == first.stdout)
    }

    @Test("When the provider file cannot be updated, the answer is still read, the file is kept as it was, and it is said again next time")
    func unwritableFile() async throws {
        let server = try Self.server(["/2.0/questions": try Fixtures.real(Self.questions)])
        defer { server.stop() }
        let host = try await Self.imported("se", from: Self.stackExchange, flags: ["--operation", "GET /questions"], at: server)
        let original = try Data(contentsOf: URL(fileURLWithPath: host.providersFolder + "/se.json"))
        // The run is in this process: a folder where the temporary file would go makes the write fail,
        // as a read-only folder would (tests run as root, whom a mode does not stop).
        let blocker = host.providersFolder + "/.se.json.tmp-\(getpid())"
        try FileManager.default.createDirectory(atPath: blocker, withIntermediateDirectories: false)
        for _ in 0..<2 {
            let run = await host.run(["se", "--site", "stackoverflow", "--refresh"])
            #expect(run.code == .success, "\(run.stderr)")
            #expect(run.stdout.contains("How to undo the most recent commits in Git?"), "\(run.stdout)")
            let said = Self.warnings(run)
            #expect(said.count == 1 && said.first?.contains("could not be updated") == true, "\(run.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: host.providersFolder + "/se.json")) == original)
        }
        try FileManager.default.removeItem(atPath: blocker)
        let noted = await host.run(["se", "--site", "stackoverflow", "--refresh"])
        #expect(Self.warnings(noted).first?.contains("noted in") == true, "\(noted.stderr)")
        let quiet = await host.run(["se", "--site", "stackoverflow", "--refresh"])
        #expect(Self.warnings(quiet).isEmpty, "\(quiet.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: host.providersFolder)
        #expect(names == ["se.json"], "no temporary file left: \(names)")
    }

    @Test("A provider file that is a symbolic link stays one: its target is noted, beside itself")
    func symbolicLink() async throws {
        let server = try Self.server(["/2.0/questions": try Fixtures.real(Self.questions)])
        defer { server.stop() }
        let host = try await Self.imported("se", from: Self.stackExchange, flags: ["--operation", "GET /questions"], at: server)
        let link = host.providersFolder + "/se.json"
        let dotfiles = host.home.path("dotfiles")
        try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let target = dotfiles + "/se.json"
        try FileManager.default.moveItem(atPath: link, toPath: target)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let first = await host.run(["se", "--site", "stackoverflow", "--refresh"])
        #expect(first.code == .success, "\(first.stderr)")
        #expect(Self.warnings(first).first?.contains("noted in") == true, "\(first.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target, "still a link")
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("itemsSeen"), "the target is noted")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dotfiles) == ["se.json"], "no temporary file left")
        let again = await host.run(["se", "--site", "stackoverflow", "--refresh"])
        #expect(Self.warnings(again).isEmpty, "\(again.stderr)")
    }

    @Test("--items at import says where the list is: no warning, the file says it")
    func itemsAtImport() async throws {
        let server = try Self.server(["/2.0/questions": try Fixtures.real(Self.questions)])
        defer { server.stop() }
        let host = try await Self.imported(
            "se", from: Self.stackExchange, flags: ["--operation", "GET /questions", "--items", "items"], at: server)
        let operation = try #require(try Self.operations(host, "se")["se"])
        #expect(operation["items"] as? String == "items", "\(operation)")
        #expect((operation["columns"] as? [[String: Any]])?.contains { $0["name"] as? String == "title" } == true,
                "the columns of the document's item schema")
        let run = await host.run(["se", "--site", "stackoverflow", "--format", "csv", "--fields", "title,score"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(Self.warnings(run).isEmpty, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("title,score\r\nWhy is it faster to process a sorted array than an unsorted array?,21619\r\n"), "\(run.stdout)")

        // With several operations, --items names none of them: a usage error, nothing written.
        let whole = await host.run(["provider", "add", "se-all", "--openapi",
                                    Fixtures.realRoot.appendingPathComponent(Self.stackExchange).path, "--items", "items"])
        #expect(whole.code == .usage, "\(whole.stderr)")
        #expect(whole.stderr.contains("--operation"), "\(whole.stderr)")
        #expect(!host.hasProviderFile("se-all"))
    }

    @Test("Open-Meteo without hourly: read as the record it is, noted; with hourly, the document's parallel arrays as before")
    func openMeteoWithoutHourly() async throws {
        let berlin = try Fixtures.real(Self.answers + "openmeteo_forecast_berlin_2023-11-13_open-meteo-ruby.json")
        // No recorded answer without `hourly` exists (openapi-answers/SOURCES.md). A request for `current`
        // alone gets the members below; they are taken from the recorded Berlin answer as they are.
        let whole = try #require(try JSONSerialization.jsonObject(with: berlin) as? [String: Any])
        let kept = ["latitude", "longitude", "generationtime_ms", "utc_offset_seconds", "timezone", "timezone_abbreviation",
                    "elevation", "current_units", "current"]
        let current = try JSONSerialization.data(withJSONObject: whole.filter { kept.contains($0.key) })
        let serving = ServingSwitch(current)
        let server = try LoopbackServer { request in
            request.path == "/v1/forecast" ? .json(serving.body) : .status(404)
        }
        defer { server.stop() }
        let host = try await Self.imported("meteo", from: Self.corpus + "openmeteo_forecast_v3.1.yml", at: server)
        let arguments = ["meteo", "--latitude", "52.52", "--longitude", "13.41"]

        let first = await host.run(arguments)
        #expect(first.code == .success, "was exit 78: \(first.stderr)")
        #expect(Self.warnings(first).count == 1, "\(first.stderr)")
        #expect(Self.warnings(first).first?.contains("one record, not as parallel arrays under 'hourly'") == true, "\(first.stderr)")
        let rows = first.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.contains(["current.weather_code", "3"]) && rows.contains(["current_units.interval", "seconds"]), "field rows: \(first.stdout)")
        let operation = try #require(try Self.operations(host, "meteo")["meteo"])
        #expect((operation["itemsSeen"] as? [[String: Any]])?.first?["shape"] as? String == "record", "\(operation)")

        let json = await host.run(arguments + ["--json", "--refresh"])
        #expect(Self.warnings(json).isEmpty, "\(json.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(record.count == 1 && record.first?["current"] != nil && record.first?["hourly"] == nil)

        // Offline, the stored record shows as a record again.
        let offline = await host.run(arguments + ["--offline"])
        #expect(offline.stdout == first.stdout, "\(offline.stderr)")

        // With hourly, the document's shape fits: one row per hour, nothing said.
        serving.set(berlin)
        let hourly = await host.run(arguments + ["--hourly", "temperature_2m", "--format", "csv", "--refresh"])
        #expect(hourly.code == .success, "\(hourly.stderr)")
        #expect(Self.warnings(hourly).isEmpty, "\(hourly.stderr)")
        #expect(hourly.stdout.split(separator: "\r\n").count == 169, "\(hourly.stdout.prefix(300))")
    }

    @Test("A --sample in another shape than the document's is imported as the sample is; check --sample reads itemsSeen")
    func sampleAtImport() async throws {
        let host = try ProviderFilesHost()
        let document = Fixtures.realRoot.appendingPathComponent(Self.stackExchange).path
        let sample = Fixtures.realRoot.appendingPathComponent(Self.questions).path
        let check = await host.run(["provider", "add", "plain", "--openapi", document, "--operation", "GET /questions"])
        #expect(check.code == .success, "\(check.stderr)")
        let refused = await host.run(["provider", "check", "plain", "--sample", sample])
        #expect(refused.code == .configuration, "\(refused.stdout)")
        #expect(refused.stderr.contains("is not a bare list (it has: items, has_more") && refused.stderr.contains("it is a list under 'items'"),
                "\(refused.stderr)")

        let add = await host.run(["provider", "add", "se", "--openapi", document, "--operation", "GET /questions", "--sample", sample])
        #expect(add.code == .success, "\(add.stderr)")
        #expect(add.stderr.contains("the sample is a list under 'items', not a bare list as the document says"), "\(add.stderr)")
        let operation = try #require(try Self.operations(host, "se")["se"])
        #expect(operation["items"] as? String == "items", "\(operation)")
        #expect((operation["columns"] as? [[String: Any]])?.first?["name"] as? String == "title", "guessed from the sample's items")
        let checked = await host.run(["provider", "check", "se", "--sample", sample])
        #expect(checked.code == .success, "\(checked.stderr)")

        // A file that noted the wrapper passes the same check through itemsSeen.
        var file = try #require(try JSONSerialization.jsonObject(with: Data(Self.fileText(host, "plain").utf8)) as? [String: Any])
        var operations = try #require(file["operations"] as? [[String: Any]])
        operations[0]["itemsSeen"] = ["items"]
        file["operations"] = operations
        try host.installProviderFile("plain", String(decoding: try JSONSerialization.data(withJSONObject: file), as: UTF8.self))
        // The items are found; what is left is the document's `body` column, which Stack Exchange's default filter leaves out.
        let through = await host.run(["provider", "check", "plain", "--sample", sample])
        #expect(!through.stderr.contains("items:"), "\(through.stderr)")
        #expect(through.isOneErrorLine && through.stderr.contains("path: no item in") && through.stderr.contains("'body'"), "\(through.stderr)")
    }

    @Test("A small error object sent with 200 is not learnt: exit 78 naming items, the file unchanged")
    func errorIsNotLearnt() async throws {
        let server = try Self.server([
            "/2.0/questions": Data(#"{"error_id": 502, "error_message": "too many requests from this IP", "error_name": "throttle_violation"}"#.utf8),
        ])
        defer { server.stop() }
        let host = try await Self.imported("se", from: Self.stackExchange, flags: ["--operation", "GET /questions"], at: server)
        let original = try Self.fileText(host, "se")
        let run = await host.run(["se", "--site", "stackoverflow"])
        #expect(run.code == .configuration, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("items:") && run.stderr.contains("error_message"), "\(run.stderr)")
        #expect(try Self.fileText(host, "se") == original)
    }
}

/// The body a loopback server sends, changed by the test between runs.
final class ServingSwitch: Sendable {
    private let current: Mutex<Data>

    init(_ body: Data) {
        current = Mutex(body)
    }

    var body: Data { current.withLock { $0 } }

    func set(_ body: Data) {
        current.withLock { $0 = body }
    }
}
