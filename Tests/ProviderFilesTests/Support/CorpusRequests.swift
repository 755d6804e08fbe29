import Foundation

/// The requests one operation of `provider show --format json` is run with to see that
/// each keeps its own stored answer: a first one with a value for everything it takes
/// (each path argument, each option, required or not, and the words), then one more per
/// kind of thing it takes — its path arguments, its options, its words — in which only the
/// values of that kind are others (``variants``). Each kind is its own part of a stored
/// answer's key, so a key that leaves one out stores two of these requests as one.
struct CorpusRequests {
    /// One thing an operation takes, and where it goes on the command line.
    enum Slot {
        case argument(index: Int)
        case option(name: String)
        case words

        var kind: String {
            switch self {
            case .argument: "path arguments"
            case .option: "options"
            case .words: "words"
            }
        }
    }

    /// One command line's values: for each slot, which of its two values.
    struct Request: CustomStringConvertible {
        var name: String
        var arguments: [String]
        var words: String?
        var options: [(String, String)]
        /// What differs from the first request; empty for the first.
        var changed: String

        /// The command's words after `apicli corpus` (and the operation's name when there are several).
        var commandLine: [String] {
            arguments + (words.map { [$0] } ?? []) + options.flatMap { ["--" + $0.0, $0.1] }
        }

        var description: String { "\(name) \(commandLine.joined(separator: " "))" }
    }

    let name: String
    private var slots: [(Slot, values: [String])] = []
    /// The number of path arguments, options and words the operation takes.
    var count: Int { slots.count }

    init(_ operation: [String: Any]) {
        name = operation["name"] as? String ?? ""
        for (index, argument) in (operation["arguments"] as? [[String: Any]] ?? []).enumerated() {
            slots.append((.argument(index: index), Self.values(for: argument)))
        }
        if operation["words"] as? String != nil { slots.append((.words, ["alpha", "omega"])) }
        for option in operation["options"] as? [[String: Any]] ?? [] {
            slots.append((.option(name: option["name"] as? String ?? ""), Self.values(for: option)))
        }
    }

    /// The first request, then one per kind of slot that has a slot of two values, with their second values.
    var variants: [Request] {
        var kinds: [String] = []
        for (slot, values) in slots where values.count > 1 && !kinds.contains(slot.kind) { kinds.append(slot.kind) }
        return [request(changing: nil)] + kinds.map { request(changing: $0) }
    }

    private func request(changing kind: String?) -> Request {
        var request = Request(name: name, arguments: [], words: nil, options: [], changed: kind ?? "")
        for (slot, values) in slots {
            let value = values[slot.kind == kind && values.count > 1 ? 1 : 0]
            switch slot {
            case .argument: request.arguments.append(value)
            case .words: request.words = value
            case let .option(name): request.options.append((name, value))
            }
        }
        return request
    }

    /// Two values the parameter takes: its first two choices (one when it has one), else two of its type
    /// (and of its pattern, when it has one).
    static func values(for parameter: [String: Any]) -> [String] {
        if let choices = parameter["choices"] as? [String], !choices.isEmpty { return Array(choices.prefix(2)) }
        if let pattern = parameter["pattern"] as? String, parameter["type"] as? String != "date" {
            let values = [PatternSample.value(for: pattern), PatternSample.value(for: pattern, variant: 1)]
            return values[0] == values[1] ? [values[0]] : values
        }
        switch parameter["type"] as? String {
        case "integer": return ["3", "4"]
        case "date": return ["2016-11-01", "2019-01-31"]
        default: return ["abc", "xyz"]
        }
    }
}
