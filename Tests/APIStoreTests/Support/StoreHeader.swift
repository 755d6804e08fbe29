import Foundation
import Testing

/// The application ID in the header of the database file at `path` (offset 68, big-endian),
/// as the file itself holds it, whatever its WAL holds.
func headerApplicationID(_ path: String) throws -> UInt32 {
    let header = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(100))
    try #require(header.count == 100)
    return header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
}
