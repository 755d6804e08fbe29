import Foundation
import APICore

extension NYTProvider {
    /// One query per command: the words, the date range, the order, the filter and the pages.
    public func queries(from command: ParsedCommand) throws -> [ArticleQuery] {
        let words = command.arguments
            .flatMap { $0.split(whereSeparator: \.isWhitespace) }
            .joined(separator: " ")
        let filter = command.value("fq").flatMap { $0.isEmpty ? nil : $0 }
        guard !words.isEmpty || filter != nil else {
            throw UsageError("give the words to search for: apicli nyt <words…>")
        }
        let begin = try Self.date(command.value("from"), option: "from")
        let end = try Self.date(command.value("to"), option: "to")
        if let begin, let end, end < begin {
            throw UsageError("--from \(begin) is after --to \(end); swap them")
        }
        var sort: SortOrder?
        if let text = command.value("sort") {
            guard let order = SortOrder(rawValue: text.lowercased()) else {
                let names = SortOrder.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("--sort must be one of \(names), not '\(text)'")
            }
            sort = order
        }
        let page = try command.int("page", in: 0...ArticleQuery.lastServedPage) ?? 0
        let pages = try command.int("pages", in: 1...(ArticleQuery.lastServedPage + 1)) ?? 1
        return [
            ArticleQuery(
                words: words, beginDate: begin, endDate: end, sort: sort, filter: filter, firstPage: page,
                pages: pages)
        ]
    }

    /// A `--from`/`--to` value as a real calendar date, or a ``UsageError`` saying what is accepted.
    static func date(_ text: String?, option: String) throws -> CalendarDate? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let date = CalendarDate(parsing: trimmed) else {
            throw UsageError("--\(option) must be a real date as YYYYMMDD or YYYY-MM-DD (e.g. 2024-01-31), not '\(text)'")
        }
        return date
    }
}
