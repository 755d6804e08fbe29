import APIHTTP
import Foundation

/// Each way a descriptor can say its key travels, with a key of its own per test case
/// and every form the key takes on the wire, for "it never reached the other origin".
public struct CredentialKind: Sendable, CustomStringConvertible {
    public var placement: CredentialPlacement

    /// A key in a query parameter, a key in a header, a bearer token, a basic pair.
    public static let all: [CredentialKind] = [
        CredentialKind(placement: .query("k")), CredentialKind(placement: .header("X-Api-Key")),
        CredentialKind(placement: .bearer), CredentialKind(placement: .basic),
    ]

    public var description: String {
        switch placement {
        case .query: "a key in a query parameter"
        case .header: "a key in a header"
        case .bearer: "a bearer token"
        case .basic: "a basic pair"
        }
    }

    /// A key no other case uses: for HTTP basic a `user:password` pair.
    public func key(for row: String) -> String {
        if case .basic = placement { return "user-\(row):pw-\(row)-Zq7" }
        return "KEY-\(row)-Zq7"
    }

    /// The key as a request carries it.
    public func credential(for row: String) -> Credential {
        Credential(placement: placement, value: key(for: row))
    }

    /// Every form of the key that would show it: as it is, percent-encoded, and for basic
    /// the base64 of the pair and the password alone.
    public func secrets(for row: String) -> [String] {
        let key = key(for: row)
        var forms = [key, PercentEncoding.encode(key)]
        if case .basic = placement {
            forms += [Data(key.utf8).base64EncodedString(), "pw-\(row)-Zq7"]
        }
        return forms
    }

    /// The `key` member of a provider file.
    public var providerFileKey: String {
        switch placement {
        case let .query(name): #"{"parameter": "\#(name)"}"#
        case let .header(name): #"{"header": "\#(name)"}"#
        case .bearer: #"{"scheme": "bearer"}"#
        case .basic: #"{"scheme": "basic"}"#
        }
    }
}
