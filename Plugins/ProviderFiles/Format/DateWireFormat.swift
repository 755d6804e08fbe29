import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a date option is written on the wire: `yyyyMMdd` (NYT's `begin_date`),
/// `yyyy-MM-dd`, `dd/MM/yyyy`… Only the three fields and plain separators, so
/// no locale, time zone or calendar can change what is sent.
enum DateWireFormat {
    static func isValid(_ format: String) -> Bool {
        var rest = format
        for token in ["yyyy", "MM", "dd"] {
            guard rest.components(separatedBy: token).count == 2 else { return false }
            rest = rest.replacingAll(token, with: "")
        }
        return rest.allSatisfy { "-/. ".contains($0) }
    }

    /// `date` written in `format`.
    static func format(_ date: CalendarDate, as format: String) -> String {
        let compact = date.compact
        return format
            .replacingAll("yyyy", with: String(compact.prefix(4)))
            .replacingAll("MM", with: String(compact.dropFirst(4).prefix(2)))
            .replacingAll("dd", with: String(compact.suffix(2)))
    }
}
