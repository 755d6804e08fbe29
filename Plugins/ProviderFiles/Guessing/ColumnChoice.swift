/// Which fields a person would show as columns, in the order they read them:
/// a title or name, a short label (`language`, `section`), a few counts, a
/// date, a line of prose, and the page's URL. Never two fields that mean the
/// same (`forks` and `forks_count`, or two fields the schema describes alike).
enum ColumnChoice {
    /// Names of a title, most telling first: `full_name` says more than `name`.
    static let titleNames = [
        "title", "headline.main", "headline", "full_name", "display_name", "name", "login", "label", "main", "question",
        "summary",
    ]
    /// Short text that sorts and groups items.
    static let labelNames = [
        "language", "section", "section_name", "category", "type", "status", "kind", "genre", "author", "byline",
        "byline.original", "source", "state", "country",
    ]
    /// A line of prose about the item.
    static let proseNames = ["description", "abstract", "snippet", "summary", "lead_paragraph", "body", "text", "overview"]
    /// URLs that a person opens, before the API's own.
    static let pageURLNames = ["html_url", "web_url", "url", "link", "href", "permalink", "homepage"]

    /// One role a column plays, in the order they are filled, and how many of it.
    private enum Role {
        case title, label, count, date, prose, url

        var quota: Int {
            switch self {
            case .count: 2
            default: 1
            }
        }
    }

    /// Up to `count` fields, in reading order.
    static func choose(from fields: [ColumnGuess.Field], id: String?, count: Int) -> [ColumnGuess.Field] {
        let usable = fields.filter { field in
            field.path != id && !field.path.pieces(between: ".", omittingEmpty: true).contains { $0.startsWithLiteral("_") }
        }
        var chosen: [ColumnGuess.Field] = []
        var meanings = Set<String>()
        var byRole: [Role: [ColumnGuess.Field]] = [:]
        // Chosen in this order, so a title and the URL are never crowded out; shown in reading order below.
        for role in [Role.title, .url, .label, .count, .date, .prose] {
            let candidates = usable.enumerated()
                .compactMap { index, field in rank(field, as: role).map { ($0, index, field) } }
                .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
                .map(\.2)
            var taken: [ColumnGuess.Field] = []
            for field in candidates where taken.count < role.quota && chosen.count < count && !chosen.contains(field) {
                guard meanings.insert(meaning(of: field)).inserted else { continue }
                if !field.description.isEmpty, !meanings.insert("said:" + field.description.lowercased()).inserted { continue }
                taken.append(field)
                chosen.append(field)
            }
            byRole[role] = taken
        }
        // Too few telling names: other text and numbers fill the row, never an API's own links.
        var others: [ColumnGuess.Field] = []
        for field in usable where chosen.count + others.count < min(count, 4) && field.kind != .url && !chosen.contains(field) {
            guard meanings.insert(meaning(of: field)).inserted else { continue }
            others.append(field)
        }
        // Reading order: what it is, what kind, how much, when, what it says, the rest, where.
        let ordered = [Role.title, .label, .count, .date, .prose].flatMap { byRole[$0] ?? [] } + others + (byRole[.url] ?? [])
        return Array(ordered.prefix(count))
    }

    /// How well `field` plays `role` (lower is better); nil when it cannot.
    private static func rank(_ field: ColumnGuess.Field, as role: Role) -> Int? {
        let name = field.path.lowercased()
        let last = name.pieces(between: ".", omittingEmpty: true).last.map(String.init) ?? name
        let nested = field.path.containsLiteral(".") && !titleNames.contains(field.path) ? 50 : 0
        switch role {
        case .title:
            guard field.kind == .text, let index = titleNames.firstIndex(of: field.path) else { return nil }
            return index
        case .label:
            // A label of the item itself: `owner.type` says what the owner is, not the item.
            guard field.kind == .text, let index = labelNames.firstIndex(of: field.path) else { return nil }
            return index
        case .count:
            guard field.kind == .number, !isIdentifier(last) else { return nil }
            if last.containsLiteral("star") { return 0 + nested }
            if last.containsLiteral("score") || last.containsLiteral("rating") || last.containsLiteral("votes") { return 1 + nested }
            if last.containsLiteral("fork") { return 2 + nested }
            if last.containsLiteral("count") || last.hasPrefix("num") || last.containsLiteral("total") || last.containsLiteral("word") { return 3 + nested }
            return 10 + nested
        case .date:
            guard field.kind == .date else { return nil }
            if last.containsLiteral("pub") || last == "date" { return 0 + nested }
            if last.containsLiteral("created") { return 1 + nested }
            if last.containsLiteral("updated") || last.containsLiteral("pushed") || last.containsLiteral("modified") { return 2 + nested }
            return 5 + nested
        case .prose:
            guard field.kind == .text else { return nil }
            if let index = proseNames.firstIndex(of: last) { return index + nested }
            return nil
        case .url:
            guard field.kind == .url else { return nil }
            if let index = pageURLNames.firstIndex(of: last) { return index + nested }
            // An API's own links (`forks_url`, `{/sha}` templates) are for programs, not people.
            return nil
        }
    }

    /// `id`, `node_id`, `user_id`: numbers that name, not count.
    private static func isIdentifier(_ name: String) -> Bool {
        name == "id" || name.hasSuffix("_id") || name.hasSuffix("id") && name.count <= 4
    }

    /// What a field means, by its name: `forks`, `forks_count` and `num_forks` mean the same.
    static func meaning(of field: ColumnGuess.Field) -> String {
        var name = (field.path.pieces(between: ".", omittingEmpty: true).last.map(String.init) ?? field.path).lowercased()
        for prefix in ["num_", "number_of_", "total_"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        for suffix in ["_count", "count", "_total", "_number"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
        }
        name = name.filter { $0.isLetter || $0.isNumber }
        if name.hasSuffix("s"), name.count > 3 { name.removeLast() }
        return name
    }
}
