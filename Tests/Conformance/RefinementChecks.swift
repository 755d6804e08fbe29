import APICore

/// A provider's refinement accessors (`asPagedProvider`…) say what a cast says: they are
/// chosen at compile time (`Provider+Refinements.swift`), so a conformance declared
/// conditionally or in another module would leave one nil where the cast finds it, and the
/// host would not page, look up, store by batch or offer views for that provider.
enum RefinementChecks {
    static func failures<P: Provider>(of provider: P) -> [String] {
        let name = provider.descriptor.name
        var failures: [String] = []
        let pairs: [(String, Bool, Bool)] = [
            ("PagedProvider", provider.asPagedProvider != nil, (provider as? any PagedProvider) != nil),
            ("ResolvingProvider", provider.asResolvingProvider != nil, (provider as? any ResolvingProvider) != nil),
            (
                "BatchPersistingProvider", provider.asBatchPersistingProvider != nil,
                (provider as? any BatchPersistingProvider) != nil
            ),
            ("ItemViewsProvider", provider.asItemViewsProvider != nil, (provider as? any ItemViewsProvider) != nil),
        ]
        for (refinement, accessor, cast) in pairs where accessor != cast {
            failures.append(
                "\(name): its \(refinement) accessor says \(accessor) but the cast says \(cast); declare the "
                    + "conformance unconditionally where the type is declared")
        }
        return failures
    }
}
