import APICore

/// A streamed article and the values its `nyt_articles` row is written with.
///
/// The decoding thread makes the values (a `String` for each field, out of the packed
/// text: ~7 M instructions per 1,000 articles) while the storing thread, the longer of
/// the two, stores the batch before; the page keeps only the articles.
public struct ArticleRow: Sendable {
    let article: Article
    /// ``ArticleStore/values(of:fetchedAt:)``, in ``ArticleStore/articleColumns``' order.
    let values: [SQLValue]
}
