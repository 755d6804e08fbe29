import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The places a command line names: each argument (a name or coordinates),
/// then `--zip`, then `--id`; the default place (`weather.place`,
/// `APICLI_WEATHER_PLACE`) when there is none.
enum PlaceArguments {
    /// Each place with the text messages name it by.
    static func places(from command: ParsedCommand) throws -> [(text: String, place: PlaceRequest)] {
        var places: [(text: String, place: PlaceRequest)] = []
        try refuseSplitCoordinates(command.arguments)
        if command.value("zip") != nil, command.value("id") != nil {
            throw UsageError("--zip and --id each name a place; give one of them (or run apicli twice)")
        }
        for argument in command.arguments {
            let text = argument.trimmed(.whitespacesAndNewlines)
            guard !text.isEmpty else { throw UsageError("a place name cannot be empty: apicli weather Paris") }
            places.append((text, try PlaceRequest.argument(text)))
        }
        if let zip = command.value("zip") {
            let code = zip.trimmed(.whitespaces)
            let parts = code.split(separator: ",", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.trimmed(.whitespaces).isEmpty })
            else { throw UsageError("--zip takes CODE,COUNTRY such as 94040,US or 75001,FR, not '\(zip)'") }
            places.append(("zip " + code, .zip(code)))
        }
        if let text = command.value("id") {
            guard let id = Int64(text.trimmed(.whitespaces)), id > 0 else {
                throw UsageError("--id takes an OpenWeather city id, a whole number such as 2988507, not '\(text)'")
            }
            places.append(("id \(id)", .id(id)))
        }
        if places.isEmpty, let text = command.value("place")?.trimmed(.whitespaces), !text.isEmpty {
            places.append((text, try PlaceRequest.argument(text)))
        }
        guard !places.isEmpty else {
            throw UsageError(
                "name a place: apicli weather Paris (or 48.85,2.35, --zip 94040,US, --id 2988507), or set a default "
                    + "with 'apicli config set weather.place \"Paris,FR\"' or APICLI_WEATHER_PLACE")
        }
        return places
    }

    /// `weather 48.85 2.35` is two places named "48.85" and "2.35" to the geocoder; a
    /// number alone is never a place, so say how to write coordinates instead of guessing.
    static func refuseSplitCoordinates(_ arguments: [String]) throws {
        let numbers = arguments.map { Double($0.trimmed(.whitespaces)) }
        for index in arguments.indices.dropLast() where numbers[index] != nil && numbers[index + 1] != nil {
            let latitude = arguments[index].trimmed(.whitespaces)
            let longitude = arguments[index + 1].trimmed(.whitespaces)
            throw UsageError(
                "'\(latitude) \(longitude)' looks like coordinates: write them as one argument, "
                    + "apicli weather \(latitude),\(longitude)")
        }
    }
}
