#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension APIPath {
    /// The path to send under `baseURL`, its base path in it once.
    ///
    /// An API's document writes its paths without the base path it leaves to its server
    /// (Swagger's `basePath`, an OpenAPI server's path): NYT's Top Stories writes
    /// `/{section}.json` under `/svc/topstories/v2`. A path that matches one of the
    /// provider's ``ProviderDescriptor/apiPaths`` as it is goes as it is; one that matches
    /// only the end of one, the rest of whose head is words (never a placeholder), gets that
    /// head, the one that matches with the most words when several could. Any other path goes
    /// as given. A path that starts with the base URL's own path loses it, since the base URL
    /// adds it.
    ///
    ///     // base URL https://api.nytimes.com, operation path /svc/topstories/v2/{section}.json
    ///     try APIPath("/home.json").sent(for: descriptor, baseURL: url)                    // "/svc/topstories/v2/home.json"
    ///     try APIPath("/svc/topstories/v2/home.json").sent(for: descriptor, baseURL: url)  // the same
    func sent(for descriptor: ProviderDescriptor, baseURL: URL) -> String {
        var sent = path
        var own = baseURL.path
        while own.hasSuffix("/") { own.removeLast() }
        if !own.isEmpty, sent == own || sent.startsWithLiteral(own + "/") { sent = String(sent.dropFirst(own.count)) }
        if sent.isEmpty { sent = "/" }
        let given = sent.pieces(between: "/", omittingEmpty: true)
        let templates = descriptor.apiPaths.map { $0.pieces(between: "/", omittingEmpty: true) }
        guard !given.isEmpty, !templates.contains(where: { Self.matches($0, given) }) else { return sent }
        var best: (head: [Substring], words: Int)?
        var tied = false
        for template in templates where template.count > given.count {
            let head = template.prefix(template.count - given.count)
            let rest = template.suffix(given.count)
            guard !head.contains(where: { $0.containsLiteral("{") }), Self.matches(Array(rest), given) else { continue }
            let words = rest.filter { !$0.containsLiteral("{") }.count
            if let current = best, words <= current.words {
                if words == current.words, Array(head) != current.head { tied = true }
            } else {
                (best, tied) = ((Array(head), words), false)
            }
        }
        guard let best, !tied else { return sent }
        return "/" + best.head.joined(separator: "/") + sent
    }

    /// Whether the segments `given` fill `template` one for one.
    private static func matches(_ template: [Substring], _ given: [Substring]) -> Bool {
        template.count == given.count && zip(template, given).allSatisfy(segment)
    }

    /// Whether a segment fills a template's: equal, or each `{placeholder}` standing for at
    /// least one character between the template's literal parts (`{section}.json`, `home.json`).
    private static func segment(_ template: Substring, _ value: Substring) -> Bool {
        guard template.containsLiteral("{") else { return template == value }
        var literals: [Substring] = []
        var rest = template
        while let (before, opened) = rest.cut(atFirst: "{"), let (_, after) = opened.cut(atFirst: "}") {
            literals.append(before)
            rest = after
        }
        literals.append(rest)
        var remaining = Substring(value)
        guard let first = literals.first, let last = literals.last, remaining.startsWithLiteral(first) else { return false }
        remaining = remaining.dropFirst(first.count)
        for literal in literals.dropFirst().dropLast() {
            guard let found = remaining.firstRange(ofLiteral: literal), found.lowerBound > remaining.startIndex else { return false }
            remaining = remaining[found.upperBound...]
        }
        return literals.count == 1 ? remaining.isEmpty : remaining.count > last.count && remaining.hasSuffix(last)
    }
}
