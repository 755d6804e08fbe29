import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The provider-level access facts: a shared key (`keyOf`) and the spacing
/// between requests, added to what every run's descriptor declares.
extension ProviderFile {
    /// The variable a file with `keyOf` reads: the named compiled provider's own
    /// (`OPENWEATHER_API_KEY` for `weather`), else that provider's `<NAME>_API_KEY`.
    /// Either way an apicli key variable, never an arbitrary one.
    public static func keyVariable(of owner: String, reserved: ReservedNames) -> String {
        reserved.keyVariables[owner] ?? keyVariable(for: owner)
    }

    /// The declared rate limits, with the spacing as one request per `spacing` seconds.
    var limitsWithSpacing: [RateLimit] {
        guard let spacing else { return rateLimits }
        return rateLimits + [RateLimit.spacing(.seconds(spacing))]
    }
}

/// `--rate 5/minute,500/day`: the windows a provider file's `rateLimits` has.
public enum RateText {
    static let windows: [(unit: String, seconds: Int64)] = [("second", 1), ("minute", 60), ("hour", 3_600), ("day", 86_400)]

    /// The limits `text` declares, or why it cannot be read.
    public static func limits(_ text: String) -> Result<[RateLimit], RateTextError> {
        var limits: [RateLimit] = []
        var seen = Set<Int64>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.trimmed(.whitespaces).split(separator: "/", omittingEmptySubsequences: false)
            guard pieces.count == 2, let count = Int(pieces[0]), (1...1_000_000).contains(count) else {
                return .failure(RateTextError("'\(part)' must be a count from 1 to 1000000, a slash and a unit (5/minute)"))
            }
            var unit = String(pieces[1]).lowercased()
            if unit.hasSuffix("s") { unit.removeLast() }
            guard let window = windows.first(where: { $0.unit == unit }) else {
                return .failure(RateTextError("'\(pieces[1])' is not a unit; use second, minute, hour or day"))
            }
            guard seen.insert(window.seconds).inserted else {
                return .failure(RateTextError("'\(window.unit)' is given twice"))
            }
            limits.append(RateLimit(count, per: .seconds(window.seconds)))
        }
        return .success(limits.sorted { $0.window < $1.window })
    }
}

/// Why a `--rate` text cannot be read.
public struct RateTextError: Error, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
