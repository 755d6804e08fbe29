import APICore

/// `apicli nyt --archive 2019-01`: every article of one month from the Archive API, whose
/// answer is Article Search's envelope and docs (NYT: "its response fields are the same as
/// the Article Search API"), so a month is read, streamed and stored as a search's answer is:
/// into the same articles, found by the same offline search. A month is one request of up to
/// about 20 MB; `apicli harvest nyt-archive` fetches a range of them this way.
extension NYTProvider {
    /// `/svc/archive/v1/2019/1.json`: the month without a leading zero, as NYT's document writes it.
    static func archivePath(_ month: CalendarDate) -> String {
        "/svc/archive/v1/\(month.year)/\(month.month).json"
    }

    /// The month of `--archive YYYY-MM`, as its first day; nil when the option is not given.
    /// A month has no words, filter or dates to send: giving them with it is a usage error.
    static func archiveMonth(of command: ParsedCommand) throws -> CalendarDate? {
        guard let text = command.value("archive") else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]), let number = Int(parts[1]),
            year >= 1851, let month = CalendarDate(year: year, month: number, day: 1)
        else {
            throw UsageError("--archive must be a month as YYYY-MM, from 1851-09 (e.g. 2019-01), not '\(text)'")
        }
        for option in ["fq", "from", "to", "page", "pages"] where command.explicit.contains(option) {
            throw UsageError("--archive answers a whole month: it takes no --\(option)")
        }
        guard command.words.isEmpty else {
            throw UsageError("--archive answers a whole month: it takes no words (search them with --offline once it is stored)")
        }
        return month
    }
}
