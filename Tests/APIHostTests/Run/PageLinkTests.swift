import Foundation
import Testing
@testable import APIHost

/// Which next-page URLs a run follows: only under the base URL it uses (or the provider's
/// declared one, taken to the same place), so the key never goes anywhere else.
@Suite("Next-page links and the provider's origin")
struct PageLinkTests {
    static let declared = URL(string: "https://api.github.com")!

    func resolve(
        _ link: String, base: String = "http://127.0.0.1:8080", declared: URL = declared, key: String? = "access_token",
        from path: String = "/repos/o/r/issues", query: [QueryItem] = [QueryItem("per_page", "3")]
    ) -> PageLink.Resolution {
        let base = URL(string: base)!
        return PageLink.resolve(
            link, after: HTTPRequest(baseURL: base, path: path, query: query), baseURL: base, declaredBaseURL: declared,
            keyParameter: key)
    }

    @Test("A link at the declared origin is taken to the base URL in use, path and query kept")
    func declaredOrigin() {
        #expect(resolve("https://api.github.com/repositories/1/issues?per_page=3&page=2")
            == .endpoint(Endpoint(path: "/repositories/1/issues", query: [QueryItem("per_page", "3"), QueryItem("page", "2")])))
        #expect(resolve("HTTPS://API.GITHUB.COM:443/x") == .endpoint(Endpoint(path: "/x")), "scheme, host and default port compare as an origin")
    }

    @Test("Relative links resolve against the request that got them")
    func relative() {
        #expect(resolve("?page=2") == .endpoint(Endpoint(path: "/repos/o/r/issues", query: [QueryItem("page", "2")])))
        #expect(resolve("/other?a=b+c%26d") == .endpoint(Endpoint(path: "/other", query: [QueryItem("a", "b c&d")])))
    }

    @Test("Under a path prefix, only links below it are followed, made relative to it")
    func prefix() {
        let base = "http://127.0.0.1:8080/gw/gh"
        #expect(resolve("http://127.0.0.1:8080/gw/gh/issues?page=2", base: base)
            == .endpoint(Endpoint(path: "/issues", query: [QueryItem("page", "2")])))
        #expect(resolve("http://127.0.0.1:8080/gw/gh?page=2", base: base) == .endpoint(Endpoint(path: "", query: [QueryItem("page", "2")])))
        for outside in ["http://127.0.0.1:8080/gw/ghost/x", "http://127.0.0.1:8080/other", "http://127.0.0.1:8080/gw/gh/../../x",
                        "http://127.0.0.1:8080/gw/gh/%2e%2e/x", "http://127.0.0.1:8080/gw/gh/a%2Fb"] {
            guard case .refused = resolve(outside, base: base) else {
                Issue.record("followed \(outside)")
                continue
            }
        }
    }

    @Test("Another host, port or scheme is refused, naming only its origin", arguments: [
        "https://evil.example/repositories/1/issues?access_token=x",
        "http://127.0.0.1:8081/x", "https://127.0.0.1:8080/x", "http://api.github.com/x", "https://api.github.com:8443/x",
        "//evil.example/x", "https://user:pw@evil.example/x",
    ])
    func elsewhere(_ link: String) {
        guard case let .refused(reason) = resolve(link) else {
            Issue.record("followed \(link)")
            return
        }
        #expect(reason.contains("the next page is at"), "\(reason)")
        #expect(!reason.contains("access_token") && !reason.contains("pw"), "\(reason)")
    }

    @Test("The key's parameter in a link is dropped: the host adds the key once")
    func keyDropped() {
        #expect(resolve("/x?access_token=old&page=2") == .endpoint(Endpoint(path: "/x", query: [QueryItem("page", "2")])))
        #expect(resolve("/x?access_token=old", key: nil) == .endpoint(Endpoint(path: "/x", query: [QueryItem("access_token", "old")])))
    }

    @Test("What is not a URL is refused", arguments: ["https://exa mple.com/x", "http://[::1/x"])
    func notURL(_ link: String) {
        guard case .refused = resolve(link) else {
            Issue.record("followed \(link)")
            return
        }
    }
}
