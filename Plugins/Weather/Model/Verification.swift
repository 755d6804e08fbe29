/// `--verify`: each observation of the record paired with the forecasts stored for its time,
/// grouped by how far ahead they were made (docs/design/0266-forecast-verification.md).
///
/// A forecast is a version of a step: fetched at F for the step's time T, made T − F ahead.
/// An observation at O is paired with the step nearest to O within 90 minutes (T − 90 min ≤
/// O < T + 90 min: OpenWeather's temperature is the value at T, not a mean over a window),
/// with every version of that step fetched before T and not after O. A forecast fetched
/// again unchanged is the same forecast and adds no pair.
public struct Verification: Sendable, Hashable {
    /// The groups that have pairs, nearest first.
    public var leads: [LeadGroup]
    /// How many observations the record held over the period.
    public var observations: Int
    /// The period's bounds, as the record's.
    public var from: Int64?
    public var to: Int64
    /// The period as typed (`7d`); nil for the whole record.
    public var period: String?

    public init(leads: [LeadGroup], observations: Int, from: Int64?, to: Int64) {
        self.leads = leads
        self.observations = observations
        self.from = from
        self.to = to
    }

    /// The groups' upper bounds, hours ahead; a forecast more than 120 hours ahead (the
    /// last steps of one fetched just after a step began) counts in the last.
    public static let bounds = [3, 6, 12, 24, 48, 72, 96, 120]

    /// How far from a step's time an observation may be and still be paired with it.
    public static let window: Int64 = 90 * 60
}

/// The pairs whose forecasts were made up to ``hours`` hours ahead (and more than the group before).
public struct LeadGroup: Sendable, Hashable {
    public var hours: Int
    /// The group below's bound: the forecasts here were made more than this many hours ahead.
    public var after: Int
    public var pairs = 0
    /// Pairs with both temperatures, and the sums of forecast − observed and of its size.
    public var temperaturePairs = 0
    public var errorSum = 0.0
    public var absoluteErrorSum = 0.0
    /// Pairs whose forecast gave a chance of precipitation; of them, how many the forecast said
    /// would be wet (pop ≥ 0.5), how many were observed wet (rain or snow in the hour before),
    /// how many both, and how many agreed (both wet or both dry).
    public var rainPairs = 0
    public var rainForecast = 0
    public var rainObserved = 0
    public var rainBoth = 0
    public var rainAgreed = 0

    public init(hours: Int, after: Int) {
        self.hours = hours
        self.after = after
    }

    /// The mean of forecast − observed temperature: positive when the forecast was too warm.
    public var meanError: Double? { temperaturePairs > 0 ? errorSum / Double(temperaturePairs) : nil }
    public var meanAbsoluteError: Double? { temperaturePairs > 0 ? absoluteErrorSum / Double(temperaturePairs) : nil }
    /// The share of pairs whose forecast and observation agreed on precipitation, 0 to 1.
    public var rainHitRate: Double? { rainPairs > 0 ? Double(rainAgreed) / Double(rainPairs) : nil }
}

/// One stored forecast of one step: its time, when it was fetched, and what it said.
public struct StepForecast: Sendable, Hashable {
    public var time: Int64
    public var fetchedAt: Double
    public var temperature: Double?
    public var chance: Double?

    public init(time: Int64, fetchedAt: Double, temperature: Double?, chance: Double?) {
        self.time = time
        self.fetchedAt = fetchedAt
        self.temperature = temperature
        self.chance = chance
    }
}

extension Verification {
    /// The chance of precipitation from which a forecast counts as saying it will be wet.
    public static let wetChance = 0.5

    /// `observations` paired with `forecasts` (each a version of a step), grouped by how far ahead.
    public static func pairing(
        _ observations: [CurrentConditions], with forecasts: [StepForecast], from: Int64?, to: Int64
    ) -> Verification {
        var byStep: [Int64: [StepForecast]] = [:]
        for forecast in forecasts { byStep[forecast.time, default: []].append(forecast) }
        let stepTimes = byStep.keys.sorted()
        var groups = zip(bounds, [0] + bounds.dropLast()).map { LeadGroup(hours: $0, after: $1) }
        for observation in observations {
            guard let time = observation.time, let step = nearestStep(to: time, in: stepTimes) else { continue }
            let observedTemperature = observation.temperature?.doubleValue
            let wet = (observation.rain?.doubleValue ?? 0) + (observation.snow?.doubleValue ?? 0) > 0
            for forecast in byStep[step] ?? [] where forecast.fetchedAt < Double(step) && forecast.fetchedAt <= Double(time) {
                let ahead = (Double(step) - forecast.fetchedAt) / 3_600
                let index = bounds.firstIndex { Double($0) >= ahead } ?? bounds.count - 1
                groups[index].pairs += 1
                if let forecastTemperature = forecast.temperature, let observedTemperature,
                    forecastTemperature.isFinite, observedTemperature.isFinite {
                    let error = forecastTemperature - observedTemperature
                    groups[index].temperaturePairs += 1
                    groups[index].errorSum += error
                    groups[index].absoluteErrorSum += abs(error)
                }
                if let chance = forecast.chance, chance.isFinite {
                    let said = chance >= wetChance
                    groups[index].rainPairs += 1
                    if said { groups[index].rainForecast += 1 }
                    if wet { groups[index].rainObserved += 1 }
                    if said && wet { groups[index].rainBoth += 1 }
                    if said == wet { groups[index].rainAgreed += 1 }
                }
            }
        }
        return Verification(leads: groups.filter { $0.pairs > 0 }, observations: observations.count, from: from, to: to)
    }

    /// The step whose time is within ``window`` of `time`, the later one when two are as near;
    /// `steps` in time order.
    static func nearestStep(to time: Int64, in steps: [Int64]) -> Int64? {
        var best: Int64?
        for step in steps where step - window <= time && time < step + window {
            if let chosen = best, abs(chosen - time) < abs(step - time) { continue }
            best = step
        }
        return best
    }
}
