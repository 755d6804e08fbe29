/// The numeric `APICLI_*` variables, each read and checked by one rule: unset or
/// empty means the default; anything else must be a number in the stated range,
/// or the run stops with exit 78 and a message whose range is the true one.
enum EnvironmentNumbers {
    /// `APICLI_TIMEOUT`: seconds, more than 0 and at most an hour.
    static func timeout(_ variables: [String: String]) throws -> Duration? {
        guard let text = value("APICLI_TIMEOUT", variables) else { return nil }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3600 else {
            throw invalid("APICLI_TIMEOUT", text, "a number of seconds above 0 and at most 3600 (e.g. 30 or 2.5)")
        }
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }

    /// `APICLI_MAX_BODY_MB`: whole mebibytes from 1 to 4096.
    static func maxBodyMegabytes(_ variables: [String: String]) throws -> Int? {
        guard let text = value("APICLI_MAX_BODY_MB", variables) else { return nil }
        guard let megabytes = Int(text), (1...4096).contains(megabytes) else {
            throw invalid("APICLI_MAX_BODY_MB", text, "a whole number of MiB from 1 to 4096")
        }
        return megabytes
    }

    private static func value(_ name: String, _ variables: [String: String]) -> String? {
        variables[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func invalid(_ name: String, _ text: String, _ rule: String) -> CLIError {
        CLIError("\(name) must be \(rule), not '\(text)'", exitCode: .configuration)
    }
}
