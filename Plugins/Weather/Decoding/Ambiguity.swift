/// The stderr line for a name the geocoder found in several countries or states:
///
///     London, GB (also: London, CA; London, US-OH — ask for "London,CA")
///
/// The chosen place first, then each other one once per country and state,
/// and how to ask for the first of them.
enum Ambiguity {
    static func line(chosen: Place, among candidates: [Place], language: String?) -> String? {
        var seen: Set<String> = [regionKey(chosen)]
        var others: [Place] = []
        for candidate in candidates.dropFirst() where seen.insert(regionKey(candidate)).inserted {
            others.append(candidate)
        }
        guard !others.isEmpty, let title = chosen.title(in: language) else { return nil }
        let also = others.compactMap { other -> String? in
            guard let title = other.title(in: language) else { return nil }
            // Two places in one country outside the US differ by their state alone: say it.
            let sharesCountry = ([chosen] + others).contains { $0 != other && $0.country == other.country }
            guard other.usStateCode == nil, sharesCountry, let state = other.state, !state.isEmpty else { return title }
            return title + " (" + state + ")"
        }.joined(separator: "; ")
        let ask = others.first?.query.map { " — ask for \"\($0)\"" } ?? ""
        return title + " (also: " + also + ask + ")"
    }

    /// Country and state, compared without case: what makes two candidates different places.
    private static func regionKey(_ place: Place) -> String {
        (place.country ?? "").lowercased() + "/" + (place.usStateCode ?? place.state ?? "").lowercased()
    }
}
