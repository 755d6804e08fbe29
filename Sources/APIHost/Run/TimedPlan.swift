#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the host ages one provider's stored answers: the ``TimedProvider``
/// hooks when it conforms, nil otherwise (stored answers are shown whole).
struct TimedPlan<Response: Sendable>: Sendable {
    let itemName: (one: String, many: String)
    let drop: @Sendable (Date, Response) -> (response: Response, dropped: Int)

    /// The plan for `provider`, or nil when its answers do not age.
    init?<P: Provider>(_ provider: P) where Response == P.Response {
        guard let timed = provider as? any TimedProvider, let plan = Self.timed(timed) as? Self else { return nil }
        self = plan
    }

    private init(
        itemName: (one: String, many: String),
        drop: @escaping @Sendable (Date, Response) -> (response: Response, dropped: Int)
    ) {
        self.itemName = itemName
        self.drop = drop
    }

    private static func timed<P: TimedProvider>(_ provider: P) -> Any {
        TimedPlan<P.Response>(itemName: provider.timedItemName, drop: { provider.dropping(before: $0, from: $1) })
    }

    /// `3 steps already past left out`, or nil when none was.
    func notice(dropped: Int) -> String? {
        guard dropped > 0 else { return nil }
        return "\(dropped) \(dropped == 1 ? itemName.one : itemName.many) already past left out"
    }
}
