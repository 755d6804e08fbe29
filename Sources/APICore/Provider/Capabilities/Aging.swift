#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Answers about times to come, whose items age (weather's forecast steps): a
/// provider's ``Capabilities/aging``.
///
/// When an answer is shown from the store (`--offline`, a stale fallback), the host
/// passes its clock to ``dropping`` and says how many items it left out, by
/// ``itemName``. The provider keeps no clock.
public struct Aging<Response>: Sendable {
    /// What the items that age are called in the notice: `("step", "steps")`.
    public var itemName: (one: String, many: String)

    /// `response` without the items whose time is before `now`, and how many were left out.
    public var dropping: @Sendable (_ now: Date, _ response: Response) -> (response: Response, dropped: Int)

    public init(
        itemName: (one: String, many: String),
        dropping: @escaping @Sendable (_ now: Date, _ response: Response) -> (response: Response, dropped: Int)
    ) {
        self.itemName = itemName
        self.dropping = dropping
    }
}
