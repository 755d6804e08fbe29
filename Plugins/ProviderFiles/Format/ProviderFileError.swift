import APICore

/// Everything wrong with one provider file, each problem with its field and
/// line, so `apicli provider check` can list them all and a run can name the first.
public struct ProviderFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as the user would type it.
    public var file: String
    public var problems: [Problem]

    public struct Problem: Sendable, Equatable {
        /// The field in the file (`columns[2].kind`); empty for the file as a whole.
        public var field: String
        /// The 1-based line, when the problem is at a place in the text.
        public var line: Int?
        public var message: String
    }

    public init(file: String, problems: [Problem]) {
        self.file = file
        self.problems = problems
    }

    public init(file: String, field: String = "", line: Int? = nil, _ message: String) {
        self.init(file: file, problems: [Problem(field: field, line: line, message: message)])
    }

    /// `hn.json:12: columns[0].kind: unknown kind 'txt'; use text, number, date or url`.
    public func text(of problem: Problem) -> String {
        var place = file
        if let line = problem.line { place += ":\(line)" }
        return place + ": " + (problem.field.isEmpty ? "" : problem.field + ": ") + problem.message
    }

    /// Every problem, one line each.
    public var lines: [String] { problems.map(text) }

    /// The first problem, with a count of the others and where to see them.
    public var description: String {
        guard let first = problems.first else { return file + ": broken" }
        let more = problems.count > 1 ? " (and \(problems.count - 1) more; see 'apicli provider check \(file)')" : ""
        return text(of: first) + more
    }
}
