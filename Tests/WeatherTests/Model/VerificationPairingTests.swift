import APICore
import Testing

@testable import Weather

/// Which step an observation is paired with, and which of its versions forecast it.
@Suite("Verification pairing")
struct VerificationPairingTests {
    static let step: Int64 = 1_700_006_400

    static func forecast(_ time: Int64, fetchedHoursBefore hours: Double, temp: Double) -> StepForecast {
        StepForecast(time: time, fetchedAt: Double(time) - hours * 3_600, temperature: temp, chance: nil)
    }

    static func observed(_ time: Int64, temp: Double) -> CurrentConditions {
        var observation = CurrentConditions(time: time)
        observation.temperature = .double(temp)
        return observation
    }

    /// The step each observation was paired with, read back from its error (each step's forecast says 0 or 100).
    static func pairedSteps(_ times: [Int64]) -> [Double?] {
        let forecasts = [forecast(step, fetchedHoursBefore: 10, temp: 0), forecast(step + 10_800, fetchedHoursBefore: 10, temp: 100)]
        return times.map { time in
            let verification = Verification.pairing([observed(time, temp: 0)], with: forecasts, from: nil, to: time)
            return verification.leads.first?.meanError
        }
    }

    @Test("the nearest step within 90 minutes; at 90 minutes from two, the later; beyond, none")
    func window() {
        let window = Verification.window
        #expect(window == 5_400)
        #expect(Self.pairedSteps([Self.step, Self.step + 5_399, Self.step + 5_400, Self.step - 5_400, Self.step - 5_401])
            == [0, 0, 100, 0, nil])
    }

    @Test("two steps as near (not on the 3-hour grid): the later")
    func tie() {
        let forecasts = [Self.forecast(Self.step, fetchedHoursBefore: 10, temp: 0), Self.forecast(Self.step + 3_600, fetchedHoursBefore: 10, temp: 100)]
        let verification = Verification.pairing([Self.observed(Self.step + 1_800, temp: 0)], with: forecasts, from: nil, to: Self.step)
        #expect(verification.leads.first?.meanError == 100)
    }

    @Test("leads fall in the group whose bound is the first at or above them; past 120 hours, the last")
    func groups() {
        let leads: [Double] = [3, 3.01, 24, 24.5, 119, 122.9]
        let forecasts = leads.map { Self.forecast(Self.step, fetchedHoursBefore: $0, temp: 1) }
        let verification = Verification.pairing([Self.observed(Self.step, temp: 0)], with: forecasts, from: nil, to: Self.step)
        #expect(verification.leads.map(\.hours) == [3, 6, 24, 48, 120])
        #expect(verification.leads.map(\.pairs) == [1, 1, 1, 1, 2])
    }
}
