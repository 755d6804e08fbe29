#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// The USPS codes of the US states, for writing a US place the way the
/// Geocoding API is asked for it (`Paris,TX,US`): current answers give the
/// state's full name (`Texas`), older ones its code (`TX`).
enum USStates {
    static let codes: [String: String] = [
        "alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA",
        "colorado": "CO", "connecticut": "CT", "delaware": "DE", "district of columbia": "DC", "florida": "FL",
        "georgia": "GA", "hawaii": "HI", "idaho": "ID", "illinois": "IL", "indiana": "IN", "iowa": "IA",
        "kansas": "KS", "kentucky": "KY", "louisiana": "LA", "maine": "ME", "maryland": "MD",
        "massachusetts": "MA", "michigan": "MI", "minnesota": "MN", "mississippi": "MS", "missouri": "MO",
        "montana": "MT", "nebraska": "NE", "nevada": "NV", "new hampshire": "NH", "new jersey": "NJ",
        "new mexico": "NM", "new york": "NY", "north carolina": "NC", "north dakota": "ND", "ohio": "OH",
        "oklahoma": "OK", "oregon": "OR", "pennsylvania": "PA", "rhode island": "RI", "south carolina": "SC",
        "south dakota": "SD", "tennessee": "TN", "texas": "TX", "utah": "UT", "vermont": "VT", "virginia": "VA",
        "washington": "WA", "west virginia": "WV", "wisconsin": "WI", "wyoming": "WY", "puerto rico": "PR",
    ]

    /// `TX` for `Texas`, `texas` or `TX`; nil for anything else.
    static func code(for state: String) -> String? {
        let trimmed = state.trimmed(.whitespaces)
        if let code = codes[trimmed.lowercased()] { return code }
        let upper = trimmed.uppercased()
        return codes.values.contains(upper) ? upper : nil
    }
}
