/// The rate limits a run keeps: the provider's declared ones, with its minimum
/// spacing between requests taken from `APICLI_<NAME>_SPACING` when that is set.
///
/// NYT asks for 12 s between calls on top of 5 a minute; someone whose requests
/// go through a gateway that paces them, or who runs a local stand-in of the
/// API, can lower that (`0` turns the spacing off). The window limits stay: they
/// are the API's published allowance.
enum RateLimitSettings {
    /// `APICLI_NYT_SPACING`.
    static func spacingVariable(for descriptor: ProviderDescriptor) -> String {
        descriptor.environmentPrefix + "_SPACING"
    }

    static func limits(for descriptor: ProviderDescriptor, variables: [String: String]) throws -> [RateLimit] {
        guard let spacing = try EnvironmentNumbers.spacing(spacingVariable(for: descriptor), variables) else {
            return descriptor.rateLimits
        }
        // One request in a window is a spacing; a declared one is replaced, not added to.
        let windows = descriptor.rateLimits.filter { $0.count > 1 }
        return spacing > .zero ? windows + [.spacing(spacing)] : windows
    }
}
