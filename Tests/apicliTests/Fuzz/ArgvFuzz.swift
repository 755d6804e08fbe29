import APIHost
import Foundation
import TestSupport

/// Command lines built from the command tree's own words (commands, actions,
/// global and provider options) with hostile values, plus mutations of valid
/// command lines, drawn from a fixed seed.
struct ArgvFuzz {
    /// Words a command line may start with.
    let heads: [[String]]
    /// Every option word known, global and per provider.
    let options: [String]
    var random: SeededRandom

    static let hostileValues = [
        "", " ", "-", "--", "-1", "0", "1", "99999999999999999999", "9223372036854775807", "-9223372036854775808",
        "1e308", "NaN", "inf", "1.5", "0x10", "2024-02-30", "0000-01-01", "9999-12-31", "99999999", "20240131",
        "%n%s%x", "{}", "[]", "'", "\"", "\\", "../../etc/passwd", "/dev/null", "/", "a,b,c", ",,", "91,181",
        "-91,0", "1e308,1e308", "NaN,NaN", "Pâris", "東京", "\u{202E}evil", "\u{1B}[2J", String(repeating: "x", count: 5000),
        "{temp:.99}", "{time:%Q}", "{local_time:%Y}", "{", "}", "{a|b|c}", "json", "table", "csv", "ndjson", "line",
    ]

    init(providerOptions: [String: [String]], seed: UInt64) {
        var heads: [[String]] = [["nyt", "election"], ["weather", "Paris"], ["weather"], ["nyt"], []]
        for command in BuiltinCommand.all {
            heads.append([command.name])
            for action in command.actions { heads.append([command.name, action]) }
        }
        for provider in providerOptions.keys.sorted() { heads.append(["help", provider]) }
        self.heads = heads
        let global = GlobalOptions.specs.map { "--" + $0.name }
        options = global + providerOptions.keys.sorted().flatMap { providerOptions[$0] ?? [] } + ["-h", "-v", "--help"]
        random = SeededRandom(seed: seed)
    }

    /// A random command line.
    mutating func next() -> [String] {
        var words = heads.randomElement(using: &random) ?? []
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1:
                words.append(options.randomElement(using: &random) ?? "--help")
                words.append(Self.hostileValues.randomElement(using: &random) ?? "")
            case 2:
                let option = options.randomElement(using: &random) ?? "--help"
                words.append(option + "=" + (Self.hostileValues.randomElement(using: &random) ?? ""))
            case 3:
                words.append(options.randomElement(using: &random) ?? "--help")
            case 4:
                words.append(Self.hostileValues.randomElement(using: &random) ?? "")
            default:
                // A word of the tree in a place it does not belong.
                words.append((heads.randomElement(using: &random) ?? ["store"]).first ?? "store")
            }
        }
        if !words.isEmpty, Int.random(in: 0..<4, using: &random) == 0 {
            words.shuffle(using: &random)
        }
        return words.filter { !Self.unsafe($0) }
    }

    /// Words that would make a run wait on something outside the test (an editor, the network).
    static func unsafe(_ word: String) -> Bool {
        word == "edit"
    }
}
