import APICore

/// An operation's positional arguments: the path parameters in order, read by
/// their type, then the words. Each value fills its `{placeholder}` as exactly
/// one percent-encoded path segment, so `/`, `?`, `.` or `..` typed by a user
/// never change which path is asked for.
enum FileArguments {
    /// The path arguments' values in wire form, in order; a usage error (64) for a missing or ill-typed one.
    static func values(of operation: ProviderFile.Operation, in command: ParsedCommand, usage: String) throws -> [String] {
        var values: [String] = []
        for (index, argument) in operation.arguments.enumerated() {
            guard index < command.arguments.count else {
                throw UsageError("\(usage) needs <\(argument.name)>: \(usage) \(Self.usage(of: operation))")
            }
            values.append(try wireValue(command.arguments[index], of: argument))
        }
        return values
    }

    /// The words after the path arguments, joined by single spaces.
    static func words(_ command: ParsedCommand, after count: Int) -> String {
        command.arguments.dropFirst(count).flatMap { $0.split(whereSeparator: \.isWhitespace) }.joined(separator: " ")
    }

    /// `<list> <words>…`: what the operation takes, for messages.
    static func usage(of operation: ProviderFile.Operation) -> String {
        (operation.arguments.map { "<\($0.name)>" } + (operation.words == nil ? [] : ["<\(operation.wordsArgument)…>"]))
            .joined(separator: " ")
    }

    /// The operation's path with each argument's placeholder filled by its value, encoded as one segment.
    static func path(_ operation: ProviderFile.Operation, filledWith values: [String]) -> String {
        var path = operation.path
        for (argument, value) in zip(operation.arguments, values) {
            path = path.replacingAll("{\(argument.parameter)}", with: PercentEncoding.pathSegment(value))
        }
        return path
    }

    /// The choices, or the first few and how many there are: an enum of 131 forecast offices is no line to read.
    static func listed(_ choices: [String]) -> String {
        guard choices.count > 20 else { return choices.joined(separator: ", ") }
        return choices.prefix(8).joined(separator: ", ") + ", … (\(choices.count) in all; 'apicli provider show' lists them)"
    }

    private static func wireValue(_ text: String, of argument: ProviderFile.Argument) throws -> String {
        if let pattern = argument.pattern.flatMap(ParameterPattern.init) {
            switch PatternedValue.check(text, type: argument.type, pattern: pattern) {
            case let .sent(value): return value
            case let .refused(reason): throw UsageError("<\(argument.name)> " + reason)
            }
        }
        switch argument.type {
        case .text:
            guard !text.isEmpty else { throw UsageError("<\(argument.name)> must not be empty") }
            return text
        case let .integer(minimum, maximum):
            let range = (minimum ?? Int(Int32.min))...(maximum ?? Int(Int32.max))
            guard let number = Int(text), range.contains(number) else {
                throw UsageError("<\(argument.name)> must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
            }
            return String(number)
        case let .date(format):
            guard let date = CalendarDate(parsing: text.trimmed(.whitespaces)) else {
                throw UsageError("<\(argument.name)> must be a real date as YYYYMMDD or YYYY-MM-DD, not '\(text)'")
            }
            return DateWireFormat.format(date, as: format)
        case let .choice(choices):
            guard choices.contains(text) else {
                var message = "<\(argument.name)> must be one of \(listed(choices)), not '\(text)'"
                if let near = NearestName.suggest(text, among: choices) { message += "; did you mean '\(near)'?" }
                throw UsageError(message)
            }
            return text
        }
    }
}
