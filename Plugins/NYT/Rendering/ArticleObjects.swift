import APICore

/// The articles of an answer's pages, in order, each as the object `--format json`
/// prints (``ArticleJSON/write(_:to:)``).
///
/// A sequence of its own rather than `pages.lazy.flatMap(\.articles).map(…)`: the host
/// reads it through `any Sequence`, and the lazy wrappers then stepped through their
/// generic code unspecialised, for every article.
struct ArticleObjects: Sequence {
    let pages: [SearchPage]

    struct Iterator: IteratorProtocol {
        let pages: [SearchPage]
        var page = 0
        var index = 0

        mutating func next() -> JSONObjectText? {
            while page < pages.count {
                let articles = pages[page].articles
                if index < articles.count {
                    let article = articles[index]
                    index += 1
                    return JSONObjectText { ArticleJSON.write(article, to: &$0) }
                }
                page += 1
                index = 0
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(pages: pages) }
}
