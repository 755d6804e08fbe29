import APIHTTP
import Foundation

extension HTTPRequest {
    /// Every query parameter as a server receives it, read back from the URL the
    /// transport sends, so that the key (`appid`, `api-key`) and the decoding are
    /// as on the wire: what a test of a stub transport's requests asserts on.
    public var sentQuery: [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    /// The query parameter `name` as sent, the key's included; nil when it was not sent.
    public func queryValue(_ name: String) -> String? { sentQuery[name] }

    /// The query string exactly as sent, percent-encoding and all.
    public var sentRawQuery: String { URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery ?? "" }
}
