/// One `--option` of a command, declared as data.
///
/// Parsing, validation, `--help`, completions and the man page all read this
/// one description, so they cannot disagree.
public struct OptionSpec: Sendable, Hashable {
    /// The long name without dashes (`from`).
    public var name: String
    public var short: Character?
    /// The placeholder in help (`DATE`); nil for a flag that takes no value.
    public var valueName: String?
    public var help: String
    /// The only accepted values, when the set is closed (`metric`, `imperial`…);
    /// also what completions offer.
    public var choices: [String]
    /// Values completions suggest without restricting input (`--lang` codes).
    public var suggestions: [String]
    /// Shown in help; used when no flag, environment variable or config entry sets it.
    public var defaultValue: String?
    /// Whether `<provider>.<name>` in the config file and `APICLI_<PROVIDER>_<NAME>`
    /// may set a default for it.
    public var configurable: Bool
    /// Whether the command cannot run without it (an API's required query
    /// parameter): missing, it is a usage error naming it.
    public var required: Bool = false
    /// Whether it may be given more than once (`--operation a --operation b`): the
    /// values are kept in order, joined by ``OptionSpec/repeatSeparator``.
    public var repeatable: Bool = false
    /// The request header the host sends its value in, on every request of the provider
    /// (`User-Agent`: how an API such as the National Weather Service identifies its
    /// caller); nil for an option the provider reads itself. Unset, the header is not
    /// sent and each run that fetches says how to set it.
    public var header: String? = nil
    /// Words people use for a choice that are not its name (`kelvin` for `standard`): a
    /// value refused because it is one of these names the choice it means.
    public var synonyms: [String: String] = [:]

    /// Joins the values of a repeatable option: a character no shell word holds by accident.
    public static let repeatSeparator: Character = "\u{1F}"

    public var isFlag: Bool { valueName == nil }

    /// An option that takes a value: `--units metric`.
    public static func value(
        _ name: String, short: Character? = nil, valueName: String, help: String,
        choices: [String] = [], suggestions: [String] = [], default defaultValue: String? = nil,
        configurable: Bool = false, required: Bool = false, repeatable: Bool = false
    ) -> OptionSpec {
        OptionSpec(
            name: name, short: short, valueName: valueName, help: help, choices: choices,
            suggestions: suggestions, defaultValue: defaultValue, configurable: configurable, required: required,
            repeatable: repeatable)
    }

    /// A flag: `--wide`.
    public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(
            name: name, short: short, valueName: nil, help: help, choices: [], suggestions: [],
            defaultValue: nil, configurable: false)
    }
}

/// One positional argument.
public struct ArgumentSpec: Sendable, Hashable {
    public var name: String
    public var help: String
    /// Takes every remaining word (`apicli nyt c++ and rust`).
    public var variadic: Bool
    public var required: Bool
    /// The values it takes when the set is closed (an API's `enum`): what completions
    /// offer and help lists; empty: any word.
    public var choices: [String]

    public init(_ name: String, help: String, variadic: Bool = false, required: Bool = true, choices: [String] = []) {
        self.name = name
        self.help = help
        self.variadic = variadic
        self.required = required
        self.choices = choices
    }
}
