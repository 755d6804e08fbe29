/// Proof Key for Code Exchange (RFC 7636): a fresh secret verifier per sign-in, and the
/// `S256` challenge the authorization request carries. Whoever intercepts the code
/// cannot exchange it without the verifier, which never leaves this process but for the
/// token endpoint.
struct PKCE: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// 43 characters of the unreserved set (§4.1): 32 random bytes, base64url without padding.
    let verifier: String

    init(verifier: String) {
        self.verifier = verifier
    }

    /// A verifier from the system's secure random source.
    static func fresh() -> PKCE {
        PKCE(verifier: randomToken(bytes: 32))
    }

    /// `BASE64URL-ENCODE(SHA256(ASCII(code_verifier)))` (§4.2).
    var challenge: String { Self.base64URL(SHA256.hash(Array(verifier.utf8))) }

    var description: String { "PKCE S256 (verifier ***)" }
    var debugDescription: String { description }

    /// `bytes` random bytes as base64url: a verifier, or a `state` value.
    static func randomToken(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL((0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// Base64 with `-` and `_`, without `=` padding (RFC 4648 §5).
    static func base64URL(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var out: [UInt8] = []
        var index = 0
        while index + 2 < bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { out.append(alphabet[Int((chunk >> UInt32(shift)) & 63)]) }
            index += 3
        }
        let rest = bytes.count - index
        if rest == 1 {
            let chunk = UInt32(bytes[index]) << 16
            for shift in [18, 12] { out.append(alphabet[Int((chunk >> UInt32(shift)) & 63)]) }
        } else if rest == 2 {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            for shift in [18, 12, 6] { out.append(alphabet[Int((chunk >> UInt32(shift)) & 63)]) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
