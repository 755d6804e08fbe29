import APICore
import Testing
@testable import Weather

/// The refinements the host finds through `Provider`'s accessors, not by casting.
@Test("Weather resolves a place first and has views; it neither pages nor stores by batch")
func weatherRefinements() {
    let provider: any Provider = WeatherProvider()
    #expect(provider.asResolvingProvider != nil)
    #expect(provider.asItemViewsProvider != nil)
    #expect(provider.asPagedProvider == nil)
    #expect(provider.asBatchPersistingProvider == nil)
}
