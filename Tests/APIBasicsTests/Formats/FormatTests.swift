import APIBasics
import Foundation
import Testing

@Suite struct FormatTests {
    static let numbers: [Double] = [
        0, -0.0, 1, 0.5, 1.5, 2.5, 2.675, 3.14159, -3.14159, 12.345, 1e-7, 123_456_789.987654321, 1e300, -1e-300,
        .nan, .infinity, -.infinity, 0.125, 0.375, 99.995,
    ]

    @Test(arguments: numbers)
    func fixedDecimalsAsStringFormat(_ value: Double) {
        for digits in 0...6 {
            #expect(FixedDecimal.format(value, digits: digits) == String(format: "%.\(digits)f", value), "\(value) \(digits)")
        }
    }

    /// Edges of every unit, the rounding ties, and a spread of sizes in between.
    static let sizes: [Int64] = {
        var sizes: [Int64] = [0, 1, 2, 999, 1000, 1001, 1499, 1500, 1501, 2500, 9_949, 9_950, 99_500, 999_499, 999_500,
                              999_999, 1_000_000, 1_049_999, 1_050_000, 1_250_000, 1_350_000, 999_950_000, 1_235_000_000,
                              1_999_999_999, 5_000_000_000_000, 1_500_000_000_000_000, Int64.max, -1, -1500, -1_234_567]
        var value: Int64 = 7
        while value < Int64.max / 13 {
            sizes.append(value)
            value = value * 13 + 5
        }
        return sizes
    }()

    @Test(arguments: sizes)
    func fileSizesAsByteCountFormatter(_ bytes: Int64) {
        #expect(ByteCount.fileSize(bytes) == ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file))
    }

    @Test func everySizeOfAStoreAsByteCountFormatter() {
        // The sizes `apicli store` shows: every multiple of a 4 KiB page up to 64 MiB.
        for pages in Int64(1)...16_384 {
            let bytes = pages * 4096
            #expect(ByteCount.fileSize(bytes) == ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file), "\(bytes)")
        }
    }
}
