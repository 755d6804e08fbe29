/// `--sort`: the orders Article Search v2 accepts, which offline search mirrors.
public enum SortOrder: String, Sendable, Hashable, CaseIterable {
    case newest, oldest, relevance
}
