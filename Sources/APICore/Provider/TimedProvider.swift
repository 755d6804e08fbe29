#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A provider whose answers are about times to come (weather: forecast
/// steps), so that a stored answer ages: what it said about an hour now past
/// is no longer worth showing.
///
/// When the host answers from the store (`--offline`, or after a network
/// failure), it asks the provider to leave out what lies before the host's
/// clock, and says in the stale notice how many items were left out. The
/// provider keeps no clock: `now` comes from the host.
public protocol TimedProvider: Provider {
    /// What the items are called in the stale notice: `("step", "steps")`.
    var timedItemName: (one: String, many: String) { get }

    /// `response` without the items whose time is before `now`, and how many were left out.
    func dropping(before now: Date, from response: Response) -> (response: Response, dropped: Int)
}
