/// The provider kit hands on APIBasics (trimming, literal replacing, percent-coding,
/// fixed decimals…), so that a provider, which imports `APICore` alone, can do without
/// Foundation proper and the ICU data it would link into the binary.
@_exported import APIBasics
