import APICore
import APIDocuments

/// Checks each option's `default` against the option's own type when the file is read.
///
/// A default is applied to every run whether or not the user names the option, so a
/// default the option would refuse (a choice not listed, a number out of range or not a
/// number, a date that is no date) would make every run fail with a usage error about an
/// option the user never gave. It is the file's fault, so it is refused with the file
/// (78, `provider check` lists it), by the same rules a value typed on the command line meets.
enum OptionDefaultCheck {
    /// One problem per option whose default its type refuses; `nodes` are the file's
    /// `options` objects, for the line of each `default`, and `field` their place
    /// (`operations[2].options` in a file with operations).
    static func problems(
        of options: [ProviderFile.Option], nodes: [DocumentNode], at field: String = "options"
    ) -> [ProviderFileError.Problem] {
        options.enumerated().compactMap { index, option in
            guard let value = option.defaultValue, let reason = reason(value, option.type, pattern: option.pattern) else { return nil }
            let node = nodes.first { $0["name"]?.string == option.name }
            return ProviderFileError.Problem(
                field: "\(field)[\(index)].default", line: node?["default"]?.line ?? node?.line,
                message: "'\(value)' is not a value --\(option.name) takes: \(reason)")
        }
    }

    /// Why `value` is refused by an option of `type` and `pattern`; nil when it is accepted.
    static func reason(_ value: String, _ type: ProviderFile.OptionType, pattern: String? = nil) -> String? {
        if let pattern = pattern.flatMap(ParameterPattern.init) {
            guard case let .refused(reason) = PatternedValue.check(value, type: type, pattern: pattern) else { return nil }
            return "it " + reason.replacingAll(", not '\(value)'", with: "")
        }
        switch type {
        case .text:
            return nil
        case let .choice(choices):
            return choices.contains(value) ? nil : "it must be one of \(choices.joined(separator: ", "))"
        case let .integer(minimum, maximum):
            let low = minimum ?? Int(Int32.min)
            let high = maximum ?? Int(Int32.max)
            guard let number = Int(value), (low...high).contains(number) else {
                return "it must be a whole number from \(low) to \(high)"
            }
            return nil
        case .date:
            return CalendarDate(parsing: value.trimmed(.whitespaces)) == nil
                ? "it must be a real date as YYYYMMDD or YYYY-MM-DD" : nil
        }
    }
}
