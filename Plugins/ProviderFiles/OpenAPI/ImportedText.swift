import APICore
import APIDocuments

/// The words an import takes from the document for people to read: each operation's
/// summary, its longer description and its tags, and the provider's summary and
/// about, all as plain text (``PlainText``) in whole sentences.
enum ImportedText {
    /// The longest summary a provider file holds (the reader's limit).
    static let summaryLimit = 200
    /// The longest operation description kept: whole sentences up to this many characters.
    static let aboutLimit = 1_000

    /// One operation's summary: the document's `summary`, else the first sentence of its
    /// `description`, else `GET /path`.
    static func summary(of operation: DocumentNode, path: String) -> String {
        for field in ["summary", "description"] {
            let text = PlainText.firstSentence(of: operation[field]?.string ?? "", limit: summaryLimit)
            if !text.isEmpty { return text }
        }
        return PlainText.fitted("GET " + TerminalSanitizer.clean(path), limit: summaryLimit)
    }

    /// The operation's description when it says more than its summary: whole sentences, one line.
    static func about(of operation: DocumentNode, summary: String) -> String? {
        let text = PlainText.sentences(operation["description"]?.string ?? "", limit: aboutLimit)
        guard !text.isEmpty, text != summary, !(summary.hasSuffix("…") && text.hasPrefix(summary.dropLast())) else {
            return nil
        }
        return text
    }

    /// The operation's tags as the document writes them, plain, the ones a file can hold.
    static func tags(of operation: DocumentNode) -> [String] {
        let tags = (operation["tags"]?.array ?? []).compactMap(\.string).map(PlainText.line)
        return Array(tags.filter { !$0.isEmpty && $0.count <= 100 && !TerminalSanitizer.controlsTerminal($0) }
            .prefix(ProviderFileReader.maxNamingEntries))
    }

    /// An option's or argument's help: the first sentence of its description, plain and
    /// whole, without a `Format:` line or the stray quotes some documents carry.
    static func helpLine(_ description: String, wire: String) -> String {
        let lines = PlainText.paragraphs(description.replacingAll("\"", with: ""))
            .split(separator: "\n").map { $0.trimmed(.whitespaces) }
        let first = lines.first { !$0.isEmpty && !$0.hasPrefix("Format:") } ?? ""
        var sentence = PlainText.firstSentence(of: first, limit: 299)
        guard !sentence.isEmpty else { return "Sent as the \(wire) parameter." }
        if !sentence.hasSuffix(".") && !sentence.hasSuffix("…") && !sentence.hasSuffix("?") && !sentence.hasSuffix("!") {
            sentence += "."
        }
        return sentence
    }

    /// The document's title, plain.
    static func title(of document: OpenAPIDocument) -> String? {
        let title = PlainText.line(document.root["info"]?["title"]?.string ?? "")
        return title.isEmpty ? nil : title
    }

    /// A provider of one operation: the title, with the operation's summary when it adds
    /// something (`NYT Books API: Best Sellers list`); a provider of several: the title
    /// and how many (`Stripe API (215 operations)`).
    static func providerSummary(title: String?, operations: [ProviderFile.Operation], documentPath: String) -> String {
        guard let title else {
            let summary = operations.count == 1 ? operations[0].summary : ""
            return PlainText.fitted(summary.isEmpty ? "Imported from \(documentPath)" : summary, limit: summaryLimit)
        }
        guard operations.count == 1 else { return PlainText.fitted(title, limit: summaryLimit - 20) + " (\(operations.count) operations)" }
        let own = operations[0].summary
        let adds = !own.isEmpty && !title.lowercased().containsLiteral(own.trimmingSentenceEnd.lowercased())
            && !own.startsWithLiteral("GET ")
        return PlainText.fitted(adds ? title + ": " + own : title, limit: summaryLimit)
    }

    /// The first paragraph of the document's own description, in whole sentences, before
    /// where the file came from.
    static func providerAbout(of document: OpenAPIDocument, imported: String) -> String {
        let first = PlainText.firstParagraph(document.root["info"]?["description"]?.string ?? "")
        let description = PlainText.sentences(first, limit: aboutLimit)
        return description.isEmpty ? imported : description + " " + imported
    }
}

private extension String {
    /// The text without a final period.
    var trimmingSentenceEnd: String { hasSuffix(".") ? String(dropLast()) : self }
}
