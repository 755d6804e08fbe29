#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The other forms in which a server may echo a secret, besides as sent and escaped
/// (``SecretScrubber``): a server that logs, debugs or reflects a request often writes
/// the key re-encoded or mangled, and each of those shows it as well as the key itself.
///
/// - **another case**: `SENSITIVEKEY123` for `SENSITIVEkey123` (matched ignoring ASCII case);
/// - **hex**: the key's bytes in hexadecimal, either case;
/// - **base64**, standard or URL-safe, alone or inside a longer base64 text: a base64
///   character holds six bits, so where the key starts in the encoded data shifts its
///   characters; for each of the three possible shifts, the characters made of the key's
///   bits alone are a form (matched as they are: base64 tells cases apart);
/// - **cut by one character**: the key without its first or its last character.
///
/// Only for secrets of at least ``SecretScrubber/shortestKey`` bytes (a cut one too), so
/// that no form is short enough to occur in ordinary text.
enum SecretForms {
    /// The forms of `secret` matched ignoring case, and those matched exactly (base64).
    static func derived(from secret: [UInt8]) -> (foldingCase: [[UInt8]], exact: [[UInt8]]) {
        guard secret.count >= SecretScrubber.shortestKey else { return ([], []) }
        var folding = [hex(secret)]
        if secret.count - 1 >= SecretScrubber.shortestKey {
            folding += [Array(secret.dropFirst()), Array(secret.dropLast())]
        }
        var exact: [[UInt8]] = []
        for shift in 0..<3 {
            let core = base64Core(secret, shift: shift)
            guard core.count >= SecretScrubber.shortestKey else { continue }
            exact.append(core)
            let urlSafe = core.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: "-") : $0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0 }
            if urlSafe != core { exact.append(urlSafe) }
        }
        return (folding, exact)
    }

    /// Lowercase hexadecimal of `bytes`.
    static func hex(_ bytes: [UInt8]) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }
    }

    /// The base64 characters of `bytes` placed `shift` bytes into the encoded data that
    /// depend on `bytes` alone: the characters whose six bits all come from them.
    static func base64Core(_ bytes: [UInt8], shift: Int) -> [UInt8] {
        let padded = Data(repeating: 0, count: shift) + Data(bytes)
        let encoded = Array(padded.base64EncodedString().utf8)
        let first = (8 * shift + 5) / 6
        let end = 8 * (shift + bytes.count) / 6
        guard first < end, end <= encoded.count else { return [] }
        return Array(encoded[first..<end])
    }
}
