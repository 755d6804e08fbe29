#if os(Linux)
import APIHost
import Foundation
import Testing
import TestSupport

/// `provider add --openapi URL` where the URL redirects to another origin (another host,
/// port or scheme, over real connections to ``OriginServer``), and the document there has a
/// relative server (`/pf`): the server resolves against the URL that served the document,
/// so the key goes there, and never to the origin typed; a document asked for over https
/// and served over plain http is refused (64), since its relative server would be reached in clear.
@Suite("A relative server resolves against the URL that served the document", .needs("python3", "openssl"))
struct DocumentRedirectServerTests {
    @Test("import through a redirect, then one request: the key reaches the serving origin only", .serialized,
          arguments: OriginPair.all)
    func redirected(pair: OriginPair) async throws {
        let server = try await OriginServer.shared()
        let host = try ProviderFilesHost(variables: ["APICLI_CA_FILE": server.caFile], overHTTP: true)
        let row = "d" + UUID().uuidString.prefix(8).lowercased()
        let typed = pair.baseURL(server, row: row, behaviour: "redirect") + "/openapi.json"
        let served = pair.other(server)
        let add = await host.run(["provider", "add", "moved", "--openapi", typed])
        if pair.difference == "scheme" && pair.tls {
            // https typed, http served: the relative server would be plain http.
            #expect(add.code == .usage, "\(pair): \(add.stderr)")
            #expect(add.stderr.contains("served over plain http"), "\(pair): \(add.stderr)")
            #expect(!host.hasProviderFile("moved"))
            return
        }
        #expect(add.code == .success, "\(pair): \(add.stderr)")
        let text = try String(contentsOfFile: host.providersFolder + "/moved.json", encoding: .utf8)
        let file = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(file["baseURL"] as? String == served, "\(pair): \(text)")
        let key = "KEY-\(row)-Zq7"
        _ = await host.run(["moved", "words"], set: ["MOVED_API_KEY": key])
        let keyed = server.requests.filter { $0.headText.contains(key) }
        #expect(!keyed.isEmpty, "\(pair): the request was not sent")
        #expect(keyed.allSatisfy { $0.origin == served && $0.target.hasPrefix("/pf/things") },
                "\(pair): \(keyed.map { $0.origin + " " + $0.target })")
    }
}
#endif
