#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics

/// Typed option values with the usage errors every provider would otherwise
/// write itself, worded the same way across providers.
extension ParsedCommand {
    /// The positional words joined by single spaces (`"  c++   rust "` → `c++ rust`); empty when none.
    public var words: String {
        arguments.flatMap { $0.split(whereSeparator: \.isWhitespace) }.joined(separator: " ")
    }

    /// The option as one of `T`'s cases, read case-insensitively (`--units Metric`);
    /// nil when unset, a ``UsageError`` listing the choices otherwise.
    ///
    ///     enum Units: String, CaseIterable { case metric, imperial }
    ///     let units = try command.choice("units", as: Units.self) ?? .metric
    public func choice<T: RawRepresentable & CaseIterable>(_ option: String, as type: T.Type = T.self) throws -> T?
    where T.RawValue == String {
        guard let text = values[option] else { return nil }
        guard let value = T(rawValue: text.lowercased()) else {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("--\(option) must be one of \(names), not '\(text)'")
        }
        return value
    }

    /// The option as a real calendar date, given as `YYYYMMDD` or `YYYY-MM-DD`;
    /// nil when unset, a ``UsageError`` saying what is accepted otherwise.
    public func date(_ option: String) throws -> CalendarDate? {
        guard let text = values[option] else { return nil }
        guard let date = CalendarDate(parsing: text.trimmed(.whitespaces)) else {
            throw UsageError(
                "--\(option) must be a real date as YYYYMMDD or YYYY-MM-DD (e.g. 2024-01-31), not '\(text)'")
        }
        return date
    }
}
