/// Conversions and arithmetic that hold a value at the edge of its type
/// instead of trapping.
///
/// A server may send any number JSON allows (`1e308`, `9223372036854775807`,
/// `-1e400`), and Swift traps on `Int(1e308)`, `Int(Double.nan)`,
/// `Int64.max + 1` and `-Int.min`. A trap kills the process with SIGILL, and
/// since an answer is stored before it is drawn, every later `--offline` view of
/// it would crash too. So every conversion or sum that a server's value reaches
/// goes through one of these: out of range it saturates (or gives nil for NaN),
/// and the caller shows `?` or the nearest sane value.
///
///     Int(saturating: 1e308)                 // Int.max
///     Int(saturating: .nan)                  // nil
///     Int(saturating: 2.5, rounding: .toNearestOrAwayFromZero)   // 3
///     Int64.max.addingSaturated(3600)        // Int64.max
///
/// They live at the bottom of the package (APIBasics, which the kit hands on) so
/// the HTTP layer's header arithmetic (`Retry-After`, `max-age`) uses the same ones.
extension FixedWidthInteger {
    /// `value` rounded by `rule`, held to `Self.min...Self.max`; nil for NaN.
    @inlinable
    public init?(saturating value: Double, rounding rule: FloatingPointRoundingRule = .towardZero) {
        guard !value.isNaN else { return nil }
        let rounded = value.rounded(rule)
        // A whole double in range converts exactly; anything else is past an end (±∞ included).
        self = Self(exactly: rounded) ?? (rounded < 0 ? Self.min : Self.max)
    }

    /// `self + other`, held at `min` or `max` when the sum would overflow.
    @inlinable
    public func addingSaturated(_ other: Self) -> Self {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other < 0 ? Self.min : Self.max
    }

    /// `self - other`, held at `min` or `max` when the difference would overflow.
    @inlinable
    public func subtractingSaturated(_ other: Self) -> Self {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return difference }
        return other < 0 ? Self.max : Self.min
    }

    /// `self * other`, held at `min` or `max` when the product would overflow.
    @inlinable
    public func multipliedSaturated(by other: Self) -> Self {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        guard overflow else { return product }
        return (self < 0) == (other < 0) ? Self.max : Self.min
    }

    /// The distance from zero, held at `max` for `min` (whose negation does not fit).
    @inlinable
    public var magnitudeSaturated: Self {
        self == Self.min && Self.isSigned ? Self.max : (self < 0 ? 0 - self : self)
    }
}

extension Double {
    /// The value when it is finite; nil for NaN and ±∞ (a sum that overflowed, a
    /// quotient of infinities), which no display or integer can take.
    @inlinable
    public var finite: Double? { isFinite ? self : nil }
}

extension Duration {
    /// `seconds` as a duration, held to ±`limit` (about 300 years by default);
    /// zero for NaN. `Duration.seconds(_:)` traps beyond ±1.7e20 seconds.
    public static func seconds(saturating seconds: Double, limit: Double = 1e10) -> Duration {
        guard !seconds.isNaN else { return .zero }
        return .seconds(Swift.min(Swift.max(seconds, -limit), limit))
    }

    /// Whole seconds, rounded up (a wait is never shown too short), held to `Int.max`.
    public var wholeSecondsRoundedUp: Int {
        let (seconds, attoseconds) = components
        let whole = attoseconds > 0 ? seconds.addingSaturated(1) : seconds
        return Int(clamping: whole)
    }
}
