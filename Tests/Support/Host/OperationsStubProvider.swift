import APICore
import Foundation

/// A provider with two operations, for host tests of `apicli NAME OPERATION …`:
/// `get-record <id> --kind KIND` (a path argument and a required option) and
/// `search <words>...`. Its request says which operation the host chose.
public struct OperationsStubProvider: Provider {
    public struct Query: Sendable, Hashable {
        public var operation: String
        public var words: [String]
        public var kind: String?
    }

    public typealias Response = [StubProvider.Record]

    public init() {}

    public var descriptor: ProviderDescriptor {
        ProviderDescriptor(
            name: "records", displayName: "Records", summary: "Records by id or word, for tests.",
            options: [.value("lang", valueName: "CODE", help: "Language of the answer.")],
            defaultBaseURL: URL(string: "https://records.invalid")!,
            operations: [
                OperationSpec(
                    name: "get-record", summary: "One record by its id.", discussion: "Looks one record up.",
                    arguments: [ArgumentSpec("id", help: "The record's id.")],
                    options: [.value("kind", valueName: "KIND", help: "Which kind of record.", choices: ["a", "b"], required: true)],
                    examples: ["apicli records get-record 42 --kind a"]),
                OperationSpec(
                    name: "search", summary: "Records that mention words.",
                    arguments: [ArgumentSpec("words", help: "What to look for.", variadic: true)]),
            ])
    }

    public func queries(from command: ParsedCommand) throws -> [Query] {
        guard let operation = command.operation else { throw UsageError("no operation chosen") }
        return [Query(operation: operation, words: command.arguments, kind: command.value("kind"))]
    }

    public func request(for query: Query, page: Int) -> Endpoint {
        var endpoint = Endpoint(path: "/" + query.operation + "/" + query.words.joined(separator: "+"))
        endpoint.add("kind", query.kind)
        return endpoint
    }

    public func label(for query: Query) -> String { query.operation }

    public var capabilities: Capabilities<Self> { Capabilities(label: label(for:)) }

    public func table(_ results: [Response]) -> Table {
        Table(columns: [Table.Column("ID"), Table.Column("TITLE")], rows: results.flatMap { $0.map { [$0.id, $0.title] } })
    }
}
