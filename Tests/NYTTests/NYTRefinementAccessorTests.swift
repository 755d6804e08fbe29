import APICore
import Testing
@testable import NYT

/// The refinements the host finds through `Provider`'s accessors, not by casting.
@Test("NYT pages and stores by batch, resolves nothing first, has no views of its own")
func nytRefinements() {
    let provider: any Provider = NYTProvider()
    #expect(provider.asPagedProvider != nil)
    #expect(provider.asBatchPersistingProvider != nil)
    #expect(provider.asResolvingProvider == nil)
    #expect(provider.asItemViewsProvider == nil)
}
