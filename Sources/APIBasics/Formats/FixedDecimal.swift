#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A number written with a fixed count of decimals, as `FixedDecimal.format(x, digits: 2)`
/// wrote it, without Foundation proper (where `String(format:)` lives, next to ICU).
///
/// It asks the C library's `snprintf` for `%.Nf`, which is what Foundation's
/// formatting does for a `%f`, so the digits and their rounding (of the exact
/// binary value: 2.675 → "2.67") are the same, and `nan` / `inf` read as before.
public enum FixedDecimal {
    /// `value` with `digits` decimals (0...20; outside, clamped).
    ///
    ///     FixedDecimal.format(3.14159, digits: 2)   // "3.14"
    public static func format(_ value: Double, digits: Int) -> String {
        let precision = Int32(min(max(digits, 0), 20))
        // Sign, up to 309 integer digits, the point and the decimals fit in 400 bytes.
        var buffer = [CChar](repeating: 0, count: 400)
        let written = withVaList([precision, value]) { arguments in
            buffer.withUnsafeMutableBufferPointer { out in
                vsnprintf(out.baseAddress, out.count, "%.*f", arguments)
            }
        }
        guard written > 0 else { return "" }
        let length = min(Int(written), buffer.count - 1)
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
