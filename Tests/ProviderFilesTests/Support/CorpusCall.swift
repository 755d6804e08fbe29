import Foundation

/// One operation of `provider show --format json`, turned into a command line and what
/// that command must send: a value for each path argument and required option (a choice
/// when the document lists them, else one of the declared type), the search word when a
/// parameter takes words, and the path template filled in.
struct CorpusCall {
    var name: String
    var method: String
    var words: [String] = []
    var expectedPath: String
    var requiredQuery: [(String, String)] = []
    var items: String
    /// `list`, `record` or `parallel`, as `provider show` says.
    var shape: String

    static let word = "corpusword"

    init(_ operation: [String: Any]) {
        name = operation["name"] as? String ?? ""
        method = operation["method"] as? String ?? ""
        items = operation["items"] as? String ?? "."
        shape = operation["shape"] as? String ?? ""
        var path = operation["path"] as? String ?? ""
        for argument in operation["arguments"] as? [[String: Any]] ?? [] {
            let value = Self.value(for: argument)
            words.append(value)
            path = path.replacingOccurrences(of: "{\(argument["parameter"] as? String ?? "")}", with: value)
        }
        for option in operation["options"] as? [[String: Any]] ?? [] where option["required"] as? Bool == true {
            let value = Self.value(for: option)
            words += ["--\(option["name"] as? String ?? "")", value]
            requiredQuery.append((option["parameter"] as? String ?? "", value))
        }
        // The parameter that takes the words: a path segment when the template names it, else a query parameter.
        if let taking = operation["words"] as? String {
            words.append(Self.word)
            if path.contains("{\(taking)}") {
                path = path.replacingOccurrences(of: "{\(taking)}", with: Self.word)
            } else {
                requiredQuery.append((taking, Self.word))
            }
        }
        expectedPath = path
    }

    /// A value the parameter takes: its first choice, else one of its type (and of its pattern, when it has one).
    static func value(for parameter: [String: Any]) -> String {
        if let first = (parameter["choices"] as? [String])?.first { return first }
        if let pattern = parameter["pattern"] as? String, parameter["type"] as? String != "date" {
            return PatternSample.value(for: pattern)
        }
        switch parameter["type"] as? String {
        case "integer", "number": return "3"
        case "date": return "2018-04-01"
        case "boolean": return "true"
        default: return "abc"
        }
    }

    /// The smallest answer of the declared shape: one item at the items path, or one record.
    func minimalAnswer(bareArray: Bool) -> Data {
        let item: [String: Any] = ["id": "1", "name": "corpus item"]
        var answer: Any = items == "." && !bareArray ? item : [item]
        if items != "." {
            for key in items.split(separator: ".").reversed() { answer = [String(key): answer] }
        }
        return (try? JSONSerialization.data(withJSONObject: answer)) ?? Data("{}".utf8)
    }
}
