/// The numeric `APICLI_*` variables, each read and checked by one rule: unset or
/// empty means the default; anything else must be a number in the stated range,
/// or the run stops with exit 78 and a message whose range is the true one.
enum EnvironmentNumbers {
    /// `APICLI_TIMEOUT`: seconds, more than 0 and at most an hour.
    static func timeout(_ variables: [String: String]) throws -> Duration? {
        try seconds(
            "APICLI_TIMEOUT", variables, allowing: { $0 > 0 && $0 <= 3600 },
            rule: "a number of seconds above 0 and at most 3600 (e.g. 30 or 2.5)", rounding: .up)
    }

    /// `APICLI_<NAME>_SPACING`: seconds from 0 to an hour between two requests (0: none).
    static func spacing(_ name: String, _ variables: [String: String]) throws -> Duration? {
        try seconds(
            name, variables, allowing: { (0...3600).contains($0) },
            rule: "a number of seconds from 0 to 3600 (0: no spacing)", rounding: .toNearestOrAwayFromZero)
    }

    /// `APICLI_MAX_BODY_MB`: whole mebibytes from 1 to 4096.
    static func maxBodyMegabytes(_ variables: [String: String]) throws -> Int? {
        guard let text = value("APICLI_MAX_BODY_MB", variables) else { return nil }
        guard let megabytes = Int(text), (1...4096).contains(megabytes) else {
            throw invalid("APICLI_MAX_BODY_MB", text, "a whole number of MiB from 1 to 4096")
        }
        return megabytes
    }

    /// A number of seconds in the range `allowing` accepts, to the millisecond.
    private static func seconds(
        _ name: String, _ variables: [String: String], allowing: (Double) -> Bool, rule: String,
        rounding: FloatingPointRoundingRule
    ) throws -> Duration? {
        guard let text = value(name, variables) else { return nil }
        guard let seconds = Double(text), seconds.isFinite, allowing(seconds),
              let milliseconds = Int64(saturating: seconds * 1000, rounding: rounding)
        else { throw invalid(name, text, rule) }
        return .milliseconds(milliseconds)
    }

    private static func value(_ name: String, _ variables: [String: String]) -> String? {
        variables[name].map { $0.trimmed(.whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func invalid(_ name: String, _ text: String, _ rule: String) -> CLIError {
        CLIError("\(name) must be \(rule), not '\(ShownValue.quoted(text))'", exitCode: .configuration)
    }
}
