import APICore

extension ProviderFile.Paging {
    /// How far an offset moves from one page to the next.
    ///
    /// ```json
    /// "paging": {"style": "offset", "parameter": "offset", "size": 20}
    /// "paging": {"style": "offset", "parameter": "offset", "step": "items"}
    /// ```
    ///
    /// - `size` (the default): by ``ProviderFile/Paging/size``, the page size the file
    ///   declares (NYT Books' `offset`, a multiple of 20).
    /// - `items`: by the number of items the answer before held, for an API that decides
    ///   how many a page holds and says so nowhere (NYT Movie Reviews: "a multiple of 20"
    ///   in prose only). Pages then have no number to start at, so there is no `--page`, and
    ///   the last page is the first one that comes back empty.
    public enum Step: String, Sendable, Hashable, CaseIterable {
        case size, items
    }

    /// Whether `--page N` can name a page: pages counted by number, or offsets a known size apart.
    public var hasNumberedPages: Bool {
        !style.followsAnswer && !(style == .offset && step == .items)
    }
}
