/// A set of Unicode scalars, given by a test: what ``Swift/StringProtocol/trimmed(_:)``
/// takes off the ends of a text.
///
/// Why not Foundation's `CharacterSet`: it lives in Foundation proper, which links ICU
/// and its 34 MB data table into the static binary. The two sets apicli uses are
/// defined the way `CharacterSet` defines them, from the standard library's own
/// Unicode tables, so trimming gives the same text as before.
public struct ScalarSet: Sendable {
    private let test: @Sendable (Unicode.Scalar) -> Bool

    public init(_ test: @escaping @Sendable (Unicode.Scalar) -> Bool) {
        self.test = test
    }

    /// Exactly the scalars of `characters`, e.g. `ScalarSet(characters: "\"")`.
    public init(characters: String) {
        let members = Set(characters.unicodeScalars)
        self.init { members.contains($0) }
    }

    public func contains(_ scalar: Unicode.Scalar) -> Bool {
        test(scalar)
    }

    /// `CharacterSet.whitespaces`: the space separators (general category Zs), tab,
    /// and U+200B (zero width space), which Foundation's set also holds.
    public static let whitespaces = ScalarSet { scalar in
        scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }

    /// `CharacterSet.whitespacesAndNewlines`: ``whitespaces`` plus U+000A–U+000D,
    /// U+0085 (next line), and the line and paragraph separators (Zl, Zp).
    public static let whitespacesAndNewlines = ScalarSet { scalar in
        switch scalar.value {
        case 0x09...0x0D, 0x85, 0x200B: return true
        default:
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }
}
