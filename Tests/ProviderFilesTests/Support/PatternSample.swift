/// A value that matches a parameter's `pattern` as `provider show --format json` gives it,
/// for the corpus tests that type a value for every parameter: Twilio's
/// `^AC[0-9a-fA-F]{32}$`, NYT's `^\d{8}$`, Books' `^(\d{4}-\d{2}-\d{2}|current)$`.
///
/// It reads the part of regular expressions the corpus writes: literals and escapes,
/// `\d` `\w` `\s` `.`, classes with ranges, groups with alternatives (the first is
/// taken), and the quantifiers `? * + {n} {n,} {n,m}` (each atom once, or `n` times).
/// `variant` 0 and 1 give two values that differ wherever a class offers a choice.
enum PatternSample {
    static func value(for pattern: String, variant: Int = 0) -> String {
        var reader = Reader(characters: Array(pattern), variant: variant)
        return reader.alternatives()
    }

    private struct Reader {
        let characters: [Character]
        let variant: Int
        var index = 0

        /// `a|b`: the first alternative, the others read past.
        mutating func alternatives() -> String {
            let first = sequence()
            while peek == "|" {
                index += 1
                _ = sequence()
            }
            return first
        }

        mutating func sequence() -> String {
            var text = ""
            while let character = peek, character != "|", character != ")" {
                let atom = self.atom()
                text += String(repeating: atom, count: quantifier())
            }
            return text
        }

        mutating func atom() -> String {
            let character = characters[index]
            index += 1
            switch character {
            case "^", "$": return ""
            case ".": return variant == 0 ? "a" : "b"
            case "\\": return index < characters.count ? escaped(next()) : "\\"
            case "[": return classMember()
            case "(":
                if peek == "?" { index += 2 } // `(?:`
                let inside = alternatives()
                if peek == ")" { index += 1 }
                return inside
            default: return String(character)
            }
        }

        mutating func escaped(_ character: Character) -> String {
            switch character {
            case "d": variant == 0 ? "3" : "4"
            case "w": variant == 0 ? "a" : "b"
            case "s": " "
            default: String(character)
            }
        }

        /// `[0-9a-fA-F]`: its first member, or its second for variant 1; `[^…]` a letter it leaves out.
        mutating func classMember() -> String {
            var members: [Character] = []
            let negated = peek == "^"
            if negated { index += 1 }
            while let character = peek, character != "]" {
                index += 1
                var low = character
                if low == "\\", let escapedCharacter = peek {
                    index += 1
                    low = escapedCharacter == "d" ? "0" : escapedCharacter
                }
                if peek == "-", index + 1 < characters.count, characters[index + 1] != "]" {
                    let high = characters[index + 1]
                    index += 2
                    for scalar in (low.unicodeScalars.first?.value ?? 0)...(high.unicodeScalars.first?.value ?? 0) {
                        if let member = Unicode.Scalar(scalar) { members.append(Character(member)) }
                    }
                } else {
                    members.append(low)
                }
            }
            if peek == "]" { index += 1 }
            if negated { return ["q", "z", "Q"].first { !members.contains($0) }.map(String.init) ?? "~" }
            guard !members.isEmpty else { return "" }
            return String(members[min(variant, members.count - 1)])
        }

        /// How many times the atom before is written.
        mutating func quantifier() -> Int {
            guard let character = peek else { return 1 }
            switch character {
            case "?", "*", "+":
                index += 1
                if peek == "?" { index += 1 }
                return 1
            case "{":
                var digits = ""
                var end = index + 1
                while end < characters.count, characters[end] != "}" {
                    digits.append(characters[end])
                    end += 1
                }
                guard let count = Int(digits.split(separator: ",", omittingEmptySubsequences: false).first ?? "") else { return 1 }
                index = end + 1
                if peek == "?" { index += 1 }
                return max(count, 1)
            default:
                return 1
            }
        }

        var peek: Character? { index < characters.count ? characters[index] : nil }

        mutating func next() -> Character {
            defer { index += 1 }
            return characters[index]
        }
    }
}
