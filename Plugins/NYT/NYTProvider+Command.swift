import APICore

extension NYTProvider {
    /// One query per command: the words, the date range, the order, the filter and the pages.
    public func queries(from command: ParsedCommand) throws -> [ArticleQuery] {
        if let month = try Self.archiveMonth(of: command) {
            return [ArticleQuery(words: "", archiveMonth: month)]
        }
        let words = command.words
        let filter = command.value("fq").flatMap { $0.isEmpty ? nil : $0 }
        guard !words.isEmpty || filter != nil else {
            throw UsageError("give the words to search for, or a filter: apicli nyt <words…> [--fq FILTER] (or a month: --archive YYYY-MM)")
        }
        let begin = try command.date("from")
        let end = try command.date("to")
        if let begin, let end, end < begin {
            throw UsageError("--from \(begin) is after --to \(end); swap them")
        }
        let sort = try command.choice("sort", as: SortOrder.self)
        let page = try command.int("page", in: 0...ArticleQuery.lastServedPage) ?? 0
        let pages = try command.int("pages", in: 1...(ArticleQuery.lastServedPage + 1)) ?? 1
        return [
            ArticleQuery(
                words: words, beginDate: begin, endDate: end, sort: sort, filter: filter, firstPage: page,
                pages: pages)
        ]
    }
}
