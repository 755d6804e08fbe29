#if os(Linux)
import APIHost
import Foundation
import Testing
import TestSupport

/// Every way a URL from a server (or a URL a user gives `apicli api`) could make apicli send
/// a credential, for every kind of credential and every origin that differs from the base in
/// one part only: the credential reaches the base origin and never the other one's log.
///
/// The ways: a redirect of a provider's first page and of a later page; a `Link` header and a
/// `next` member naming the next page at the other origin; `apicli api` redirected, and with
/// `--paginate` redirected on its second page; `apicli api` given the other origin's URL.
/// Provider files carry each kind of key; requests go over real connections (libcurl) to
/// ``OriginServer``, HTTP and HTTPS.
@Suite("Every credential stays at its origin, through the host", .needs("python3", "openssl"))
struct CredentialOriginTableTests {
    static let cases: [(OriginPair, CredentialKind)] = OriginPair.all.flatMap { pair in CredentialKind.all.map { (pair, $0) } }

    /// One way to reach the other origin: the provider, the server's behaviour and the command line.
    struct Way: Sendable {
        var name: String
        /// The provider file (`gpage`, `glink`, `gnext`).
        var provider: String
        /// What the server does with the request (see `Scripts/origin-server.py`).
        var behaviour: String
        /// The words after `apicli`; `OTHER` stands for the other origin.
        var words: [String]
        /// Whether a request is followed to the other origin (without the credential).
        var reachesOther: Bool
        /// Whether anything is sent at all.
        var sends = true
    }

    static let ways: [Way] = [
        Way(name: "a redirect of the first page", provider: "gpage", behaviour: "redirect", words: ["gpage", "words"], reachesOther: true),
        Way(name: "a redirect of the second page", provider: "gpage", behaviour: "redirect-later",
            words: ["gpage", "words", "--pages", "2"], reachesOther: true),
        Way(name: "a Link header", provider: "glink", behaviour: "link", words: ["glink", "words", "--pages", "2"], reachesOther: false),
        Way(name: "a next member", provider: "gnext", behaviour: "next", words: ["gnext", "words", "--pages", "2"], reachesOther: false),
        Way(name: "apicli api, redirected", provider: "gpage", behaviour: "redirect", words: ["api", "gpage", "/items"], reachesOther: true),
        Way(name: "apicli api --paginate, its second page redirected", provider: "gpage", behaviour: "redirect-later",
            words: ["api", "gpage", "/items", "--paginate"], reachesOther: true),
        Way(name: "apicli api given the other origin's URL", provider: "gpage", behaviour: "page",
            words: ["api", "gpage", "OTHER/items"], reachesOther: false, sends: false),
        Way(name: "apicli api given the other origin as //host:port", provider: "gpage", behaviour: "page",
            words: ["api", "gpage", "//AUTHORITY/items"], reachesOther: false, sends: false),
    ]

    static func providerFile(_ name: String, key: String, paging: String) -> String {
        """
        {"apicli": 1, "name": "\(name)", "summary": "Items at a test origin.", "baseURL": "https://api.example.org",
         "path": "/items", "words": {"parameter": "q"}, "key": \(key), "items": "items", "id": "id",
         "columns": [{"name": "title", "path": "title", "kind": "text"}], "paging": \(paging)}
        """
    }

    static let pagings = [
        "gpage": #"{"style": "page", "parameter": "page", "first": 1, "size": 2, "sizeParameter": "per_page"}"#,
        "glink": #"{"style": "link", "size": 2, "sizeParameter": "per_page"}"#,
        "gnext": #"{"style": "next", "next": "next"}"#,
    ]

    /// The cases run one after another: two dozen hosts with real connections at once would crowd
    /// the machine the other tests' deadlines run on.
    @Test("no way sends the credential to the other origin", .serialized, arguments: cases)
    func everyWay(pair: OriginPair, kind: CredentialKind) async throws {
        let server = try await OriginServer.shared()
        let host = try ProviderFilesHost(variables: ["APICLI_CA_FILE": server.caFile], overHTTP: true)
        for (name, paging) in Self.pagings {
            try host.installProviderFile(name, Self.providerFile(name, key: kind.providerFileKey, paging: paging))
        }
        for way in Self.ways {
            let row = "h" + UUID().uuidString.prefix(8).lowercased()
            let other = pair.other(server)
            let words = way.words.map {
                $0.replacingOccurrences(of: "OTHER", with: other)
                    .replacingOccurrences(of: "AUTHORITY", with: other.components(separatedBy: "://").last ?? "")
            }
            let run = await host.run(words, set: [
                "APICLI_\(way.provider.uppercased())_BASE_URL": pair.baseURL(server, row: row, behaviour: way.behaviour),
                "\(way.provider.uppercased())_API_KEY": kind.key(for: row),
            ])
            let secrets = kind.secrets(for: row)
            let context = "\(pair), \(kind), \(way.name): exit \(run.code), \(run.stderr)"
            #expect(pair.leaks(of: secrets, in: server).isEmpty, "\(context): \(pair.leaks(of: secrets, in: server))")
            #expect(!secrets.contains { run.stdout.contains($0) || run.stderr.contains($0) }, "\(context)")
            let sent = pair.departures(of: row, at: server)
            if way.sends {
                #expect(sent.contains { line in secrets.contains { line.headText.contains($0) } }, "the base origin got the credential: \(context)")
            } else {
                #expect(run.code == .usage && sent.isEmpty, "\(context)")
            }
            let arrived = pair.arrivals(of: row, at: server)
            #expect(way.reachesOther ? !arrived.isEmpty : arrived.isEmpty, "\(context): \(arrived.map(\.headText))")
        }
    }
}
#endif
