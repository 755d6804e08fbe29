import APIDocuments
import APICore

/// What an operation's method means: a GET or HEAD reads; any other method writes, unless
/// the file declares the operation a read (`"read": true`, a search sent as POST), which is
/// then cached, stored and searched offline like a GET, keyed by its body as well
/// (docs/design/0241-reads-by-method-and-by-name.md).
extension ProviderFile.Operation {
    /// The methods a provider file may declare.
    public static let methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]

    public var isRead: Bool {
        ["GET", "HEAD"].contains(method) || read == true
    }

    /// The options sent in the JSON body, in the file's order.
    public var bodyOptions: [ProviderFile.Option] { options.filter(\.inBody) }
}

extension ProviderFileReader {
    /// What a version-2 operation may hold besides ``operationFields``: its method and read flag.
    static let methodFields = ["method", "read", "bodyType"]

    /// `method` (GET when absent) and `read` (only on a method other than GET or HEAD).
    func readMethod(_ fields: inout FieldReader) -> (method: String, read: Bool?, form: Bool) {
        var method = "GET"
        if let given = fields.string("method", required: false, maxLength: 10) {
            if ProviderFile.Operation.methods.contains(given.uppercased()) {
                method = given.uppercased()
            } else {
                fields.problem("method", line: fields.node["method"]?.line, "'\(given)' must be one of \(ProviderFile.Operation.methods.joined(separator: ", "))")
            }
        }
        let read = fields.bool("read")
        if read != nil, ["GET", "HEAD"].contains(method) {
            fields.problem("read", line: fields.node["read"]?.line, "a \(method) always reads; leave read out")
        }
        var form = false
        if let type = fields.string("bodyType", required: false, maxLength: 10) {
            if ["json", "form"].contains(type) {
                form = type == "form"
            } else {
                fields.problem("bodyType", line: fields.node["bodyType"]?.line, "'\(type)' must be json or form")
            }
        }
        return (method, read, form)
    }

    /// An option's `in`: `query` (the default) or `body`.
    func readPlace(_ fields: inout FieldReader, node: DocumentNode) -> Bool {
        guard let place = fields.string("in", required: false, maxLength: 10) else { return false }
        guard ["query", "body"].contains(place) else {
            fields.problem("in", line: node["in"]?.line, "'\(place)' must be query or body")
            return false
        }
        return place == "body"
    }
}

extension ProviderFileWriter {
    /// `method` when not GET, and `read` when declared.
    static func methodMembers(_ operation: ProviderFile.Operation) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = []
        if operation.method != "GET" { members.append(.init("method", .string(operation.method))) }
        if let read = operation.read { members.append(.init("read", .bool(read))) }
        if operation.formBody { members.append(.init("bodyType", "form")) }
        return members
    }
}

extension ProviderFile.Operation {
    /// What help adds to a write's summary: ` [POST: writes]`.
    var writeMark: String { isRead ? "" : " [\(method): writes]" }

    /// `--dry-run` (show the request, send nothing) on every operation; `--yes` (send without asking) on a write.
    var writeOptionSpecs: [OptionSpec] {
        let dryRun = OptionSpec.flag("dry-run", help: "Print the request (key redacted) and send nothing.")
        guard !isRead else { return [dryRun] }
        return [.flag("yes", help: "Send this \(method) without asking: needed when standard input is not a terminal."), dryRun]
    }
}
