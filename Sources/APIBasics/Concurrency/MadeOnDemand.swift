import Synchronization

/// A value made the first time something asks for it, and the same value every time after.
///
/// Why: a run prepares for a large answer (where its body goes, where it is printed while
/// stored) before it can know whether the answer is large; what only a large answer needs is
/// made when one arrives, and a small answer's run makes none of it. Whoever made the
/// promise can then tell whether it was kept (``ifMade``).
///
/// `make` runs under the lock, once, on the thread that asks first.
public final class MadeOnDemand<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let made = Mutex<Value?>(nil)

    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// The value, made now if nothing asked for it before.
    public var value: Value {
        made.withLock { made in
            if let value = made { return value }
            let value = make()
            made = value
            return value
        }
    }

    /// The value if something asked for it; nil while none did.
    public var ifMade: Value? { made.withLock { $0 } }
}
