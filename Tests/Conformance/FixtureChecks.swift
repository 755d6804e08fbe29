import APIHost
import Foundation

/// Per fixture: it decodes, persist-then-load gives back the same JSON, storing while reading
/// (``BatchStoring``) reads it as `decode` does, and every format renders.
enum FixtureChecks {
    static func failures<P: Provider>(of provider: P, query: P.Query, fixture: URL) -> [String] {
        let name = fixture.lastPathComponent
        let response: P.Response
        do {
            var warnings: [String] = []
            response = try provider.decode(try Data(contentsOf: fixture), for: query, warnings: &warnings)
        } catch {
            return ["\(name): does not decode: \(error)"]
        }
        let expected = RenderExpectation(provider, [response], terminal: .plain)
        var failures = RenderChecks.failures(name, expecting: expected) { format in
            OutputRenderer.render(provider, [response], as: format, terminal: .plain)
        }
        failures += objectFailures(of: provider, [response], name)
        // The view fits narrow terminals, as the host promises.
        for width in [40, 60, 72] {
            let text = OutputRenderer.render(provider, [response], as: .table, terminal: Terminal(width: width))
            if let line = text.split(separator: "\n").first(where: { DisplayWidth.of(String($0)) > width }) {
                failures.append("\(name): a table line is wider than \(width) columns: \(line)")
            }
        }
        do {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("conformance-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = try Store(path: directory.appendingPathComponent("store.sqlite3").path)
            try store.migrate(owner: provider.descriptor.name, provider.migrations)
            // The host's clock stamps the answer; the provider keeps that time.
            let fetchedAt = Date(timeIntervalSince1970: 1_700_000_000)
            try store.write { try provider.persist(response, for: query, in: PersistContext($0, fetchedAt: fetchedAt)) }
            let stored = try store.read { try provider.load(query, from: $0) }
            guard let stored else { return failures + ["\(name): load after persist found nothing"] }
            if stored.fetchedAt != fetchedAt {
                failures.append("\(name): load gives fetchedAt \(stored.fetchedAt), not the \(fetchedAt) persist was given")
            }
            let loaded = stored.value
            let before = JSONValue.array(of: provider.json([response])).serialized(pretty: true)
            let after = JSONValue.array(of: provider.json([loaded])).serialized(pretty: true)
            if before != after {
                failures.append("\(name): load after persist differs from the decoded answer:\n\(difference(before, after))")
            }
            failures += objectFailures(of: provider, [loaded], "\(name) (loaded)")
            failures += try batchFailures(of: provider, query: query, fixture: fixture, decoded: before, in: store)
        } catch {
            failures.append("\(name): persist or load failed: \(error)")
        }
        return failures
    }

    /// A provider that stores a page while it reads it (``BatchStoring``) returns the page
    /// `decode` gives: it is what a fresh answer prints.
    static func batchFailures<P: Provider>(
        of provider: P, query: P.Query, fixture: URL, decoded: String, in store: Store
    ) throws -> [String] {
        guard let storing = provider.capabilities.batchStoring else { return [] }
        let body = try Data(contentsOf: fixture)
        let fetchedAt = Date(timeIntervalSince1970: 1_700_000_000)
        let page = try store.write { tx in
            var warnings: [String] = []
            return try storing.persistBody(body, query, 0, PersistContext(tx, fetchedAt: fetchedAt), &warnings)
        }
        let read = JSONValue.array(of: provider.json([page])).serialized(pretty: true)
        guard read != decoded else { return [] }
        return ["\(fixture.lastPathComponent): persistBody reads another page than decode:\n\(difference(decoded, read))"]
    }

    /// A provider that writes its own JSON objects (`jsonObjects`) prints what its
    /// `json(_:)` values give, byte for byte, as JSON and as NDJSON.
    static func objectFailures<P: Provider>(of provider: P, _ results: [P.Response], _ name: String) -> [String] {
        guard provider.capabilities.jsonObjects != nil else { return [] }
        return [OutputFormat.json, .ndjson].compactMap { format in
            var values = ""
            OutputRenderer.writeElements(provider.json(results), as: format, to: { values += $0 })
            let printed = OutputRenderer.render(provider, results, as: format, terminal: .plain)
            guard printed != values else { return nil }
            return "\(name): --format \(format.rawValue): jsonObjects prints other bytes than json(_:):\n"
                + difference(values, printed, as: ("json(_:)   ", "jsonObjects"))
        }
    }

    /// The first line that differs, to keep the failure short.
    static func difference(_ before: String, _ after: String, as names: (String, String) = ("decoded", "loaded ")) -> String {
        let old = before.split(separator: "\n", omittingEmptySubsequences: false)
        let new = after.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(old.count, new.count) {
            let left = index < old.count ? String(old[index]) : "<end>"
            let right = index < new.count ? String(new[index]) : "<end>"
            if left != right { return "  line \(index + 1): \(names.0) \(left)\n  line \(index + 1): \(names.1) \(right)" }
        }
        return "  (same lines)"
    }
}
