import APICore

/// Whether a table fits a terminal before the host has to leave columns out: each
/// view tries its richer forms first (a day with its year) and keeps the first that
/// fits, so what matters less goes before what matters more (the year before rain).
enum ColumnPlan {
    /// Whether `columns` and `rows` fit `width` with prose shrunk to its readable minimum
    /// (12 columns, as the host shrinks it) and nothing else cut.
    static func fits(_ columns: [Table.Column], rows: [[String]], width: Int) -> Bool {
        var total = max(0, columns.count - 1) * 2
        for (index, column) in columns.enumerated() where column.role != .wideOnly {
            let natural = rows.reduce(DisplayWidth.of(column.title)) { widest, row in
                index < row.count ? max(widest, DisplayWidth.of(row[index])) : widest
            }
            total += column.role == .flexible ? min(natural, 12) : natural
        }
        return total <= width
    }

    /// `Wed 05 Oct`: a day without its year, as the glance and a narrow `--daily` show it.
    static func shortDay(_ day: LocalTime) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return day.weekdayName + " " + (day.day < 10 ? "0" : "") + String(day.day) + " "
            + months[min(max(day.month, 1), 12) - 1]
    }
}
