import APICore

/// The host's ISO 8601 reader and writer, under the name the NYT decoders use:
/// `Decoding/` reads `pub_date` with `Timestamp.parse` in files that import only Foundation.
typealias Timestamp = APICore.Timestamp
