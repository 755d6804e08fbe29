import APICore

/// `--verify` on a terminal: the place, the period and how many observations it holds, then
/// a row per lead: how many observation–forecast pairs, the mean error of temperature
/// (forecast − observed: positive when the forecast was too warm), its mean size, and how
/// often the forecast was right about precipitation.
///
///     Paris, FR
///     the whole record · 42 observations · forecast − observed
///
///     AHEAD        PAIRS  TEMP ERROR  MEAN |ERROR|  RAIN RIGHT
///     up to 3 h       12     +0.4°C        0.9°C    92% (12)
///     3 to 6 h        11     −0.2°C        1.1°C    82% (11)
enum VerifyView {
    static func view(_ answer: Forecast, unicode: Bool) -> TerminalView {
        let verification = answer.verification ?? Verification(leads: [], observations: 0, from: nil, to: 0)
        let facts = [
            verification.period.map { "past " + $0 } ?? "the whole record",
            verification.observations == 1 ? "1 observation" : "\(verification.observations) observations",
            "error is forecast " + (unicode ? "−" : "-") + " observed",
        ]
        var header: [HeaderLine] = [.title(answer.title), .facts(facts)]
        if answer.convertedFrom != nil { header.append(.facts(["values stored in other units converted"])) }
        let columns = [
            Table.Column("AHEAD", role: .measure), Table.Column("PAIRS", role: .measure, alignment: .right),
            Table.Column("TEMP ERROR", role: .measure, alignment: .right),
            Table.Column("MEAN |ERROR|", role: .measure, alignment: .right, dropRank: 1),
            Table.Column("RAIN RIGHT", role: .measure, alignment: .right, dropRank: 0),
        ]
        let units = answer.units
        let rows = verification.leads.map { group -> [String] in
            [
                ahead(group, unicode: unicode), String(group.pairs),
                group.meanError.map { signed(VerifyData.hundredth($0), units: units, unicode: unicode) } ?? "",
                group.meanAbsoluteError.map { MeasureText.temperature(.double($0), units: units, unicode: unicode) } ?? "",
                group.rainHitRate.map { MeasureText.probability(.double($0)) + " (\(group.rainPairs))" } ?? "",
            ]
        }
        return TerminalView(header: header, table: Table(columns: columns, rows: rows), emptyNote: "no forecast was stored for the times observed")
    }

    /// `up to 3 h`, `3 to 6 h`, `1 to 2 days`.
    static func ahead(_ group: LeadGroup, unicode: Bool) -> String {
        if group.after == 0 { return "up to \(group.hours) h" }
        if group.after >= 24 { return "\(group.after / 24) to \(group.hours / 24) days" }
        return "\(group.after) to \(group.hours) h"
    }

    /// `+0.4°C`, `−1.2°C` (`-` where the minus sign cannot show), `0°C`.
    static func signed(_ value: Double, units: Units, unicode: Bool) -> String {
        let size = MeasureText.temperature(.double(abs(value)), units: units, unicode: unicode)
        if value > 0 { return "+" + size }
        if value < 0 { return (unicode ? "−" : "-") + size }
        return size
    }
}
