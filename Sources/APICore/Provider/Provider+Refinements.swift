/// The refinements a provider adopts, found without a dynamic cast.
///
/// `provider as? any PagedProvider` looks the conformance up at run time, and the first
/// look for a type in a process scans every conformance record of the binary: ~0.15 M
/// instructions each, and the host asked four times per run, a twelfth of a
/// `weather Paris --offline`. These defaults are chosen when the type's `Provider`
/// conformance is checked, at compile time: `nil` here, `self` in each refinement's own
/// extension, the more specific default winning for a type that adopts the refinement.
///
/// So a provider never implements them, and declares its refinements unconditionally in
/// the module that declares the type (a conditional or a retroactive conformance would
/// leave `nil` here). `RefinementAccessorTests` checks every provider against the cast.
extension Provider {
    public var asPagedProvider: (any PagedProvider)? { nil }
    public var asResolvingProvider: (any ResolvingProvider)? { nil }
    public var asBatchPersistingProvider: (any BatchPersistingProvider)? { nil }
    public var asItemViewsProvider: (any ItemViewsProvider)? { nil }
}

extension PagedProvider {
    public var asPagedProvider: (any PagedProvider)? { self }
}

extension ResolvingProvider {
    public var asResolvingProvider: (any ResolvingProvider)? { self }
}

extension BatchPersistingProvider {
    public var asBatchPersistingProvider: (any BatchPersistingProvider)? { self }
}

extension ItemViewsProvider {
    public var asItemViewsProvider: (any ItemViewsProvider)? { self }
}
