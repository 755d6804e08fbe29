import Foundation

/// The seed a randomised test draws its cases from, and how to draw the same cases again.
///
/// `APICLI_FUZZ_SEED` (decimal, or hexadecimal after `0x`) when it is set, to replay a run;
/// otherwise a fresh seed for each run of the test process, so that every CI run tries
/// cases no run tried before. ``draw(for:)`` prints the seed and the command that replays
/// it, and every failure message of a test that draws one carries the same line
/// (``description``), so a failure seen once can be run again and then kept in the corpus
/// (``FuzzCorpus``).
///
///     let seed = try FuzzSeed.draw(for: "FuzzEndToEndTests/hostileNumbers")
///     var random = seed.generator()
///     #expect(problems.isEmpty, "\(seed): \(problems)")
public struct FuzzSeed: Sendable, CustomStringConvertible {
    /// The seed itself.
    public let value: UInt64
    /// Whether it came from `APICLI_FUZZ_SEED` rather than fresh.
    public let replayed: Bool
    /// What `swift test --filter` takes to run the test that drew it.
    public let filter: String

    /// The variable that replays a seed.
    public static let variable = "APICLI_FUZZ_SEED"

    /// `APICLI_FUZZ_SEED` as it was when the test process started; a fresh seed when unset.
    /// Drawn once, so that every test of one run reports the same seed.
    static let run: Result<(UInt64, Bool), SeedError> = chosen(
        ProcessInfo.processInfo.environment[variable], fresh: UInt64.random(in: 1...UInt64(UInt32.max)))

    /// The run's seed for the test that `filter` names, printed with how to replay it.
    /// Throws when `APICLI_FUZZ_SEED` is set to something that is not a number.
    public static func draw(for filter: String) throws(SeedError) -> FuzzSeed {
        let (value, replayed) = try run.get()
        let seed = FuzzSeed(value: value, replayed: replayed, filter: filter)
        print(seed.description)
        return seed
    }

    /// The seed `text` names (`42`, `0x2a`), or `fresh` when there is no text.
    static func chosen(_ text: String?, fresh: UInt64) -> Result<(UInt64, Bool), SeedError> {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return .success((fresh, false)) }
        let lowered = text.lowercased()
        let value = lowered.hasPrefix("0x") ? UInt64(lowered.dropFirst(2), radix: 16) : UInt64(lowered)
        guard let value else { return .failure(SeedError(text: text)) }
        return .success((value, true))
    }

    /// A generator of the seed's cases; `salt` keeps the draws of two generators of one test apart.
    public func generator(salt: UInt64 = 0) -> SeededRandom {
        SeededRandom(seed: value ^ salt)
    }

    /// `fuzz seed 1234 (fresh); replay: APICLI_FUZZ_SEED=1234 swift test --filter NAME`
    public var description: String {
        "fuzz seed \(value) (\(replayed ? "from \(Self.variable)" : "fresh")); replay: "
            + "\(Self.variable)=\(value) swift test --filter \(filter)"
    }

    /// `APICLI_FUZZ_SEED` holds something other than a number.
    public struct SeedError: Error, CustomStringConvertible {
        let text: String
        public var description: String {
            "\(FuzzSeed.variable) is '\(text)': give a decimal number, or a hexadecimal one after 0x"
        }
    }
}
