import APICore

/// What every weather element starts with, whatever the view: the query, the
/// place's one name (``Forecast/placeName``, as the table's title says it), the
/// geocoder's place, the city block, the units and, offline, what they were
/// converted from.
enum WeatherJSONHead {
    static func members(_ answer: Forecast, city: Bool = true) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = [
            .init("query", .string(answer.requested)),
            .init("place_name", .string(answer.placeName)),
            .init("place", answer.place.map { ForecastJSON.place($0, language: answer.language) } ?? .null),
        ]
        if city { members.append(.init("city", ForecastJSON.city(answer.city))) }
        members.append(.init("units", .string(answer.units.rawValue)))
        if let from = answer.convertedFrom { members.append(.init("converted_from", .string(from.rawValue))) }
        return members
    }
}
