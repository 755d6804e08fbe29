#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `apicli api` sends besides the path: the method, the fields as a body or as
/// query parameters, the raw `--input` body and the `-H` headers.
///
/// - The method is `-X`, else POST when `-f`, `-F` or `--input` give a body, else GET (as `gh api`).
/// - On GET and HEAD, fields are query parameters; otherwise a JSON object
///   (``FieldNesting``), or a form when `-H 'Content-Type: application/x-www-form-urlencoded'`.
/// - `--input` is sent as it is, as JSON unless a `Content-Type` header says otherwise; fields
///   then become query parameters.
/// - No `-H`, field or parameter may set or override the key: neither its header
///   (`Authorization` for a bearer or basic key) nor its query parameter.
struct APIRequestPlan {
    var method: String
    var extraQuery: [QueryItem]
    var headers: HTTPHeaders
    var body: Data?

    static let jsonType = "application/json"
    static let formType = "application/x-www-form-urlencoded"

    init(
        _ arguments: APIArguments, keyPlacement: CredentialPlacement?, configured: HTTPHeaders,
        readFile: (String) throws -> Data
    ) throws {
        let fields = try arguments.fieldPairs.map { field in
            try RequestField(field.pair, typed: field.typed) { String(decoding: try readFile($0), as: UTF8.self) }
        }
        let hasBody = arguments.input != nil || !fields.isEmpty
        method = arguments.method ?? (hasBody ? "POST" : "GET")
        headers = configured
        for line in arguments.headerLines {
            let (name, value) = try Self.header(line, keyPlacement: keyPlacement)
            headers[name] = value
        }
        let keyParameter = keyPlacement?.queryName
        if let keyParameter, let field = fields.first(where: { $0.name == keyParameter }) {
            throw UsageError("the field \(field.name) is the key's parameter: apicli adds the key itself")
        }
        extraQuery = []
        body = nil
        let contentType = headers["Content-Type"]
        if let input = arguments.input {
            guard !HTTPRequest.isReadMethod(method) else {
                throw UsageError("--input sends a body, which \(method) has none of; use -X POST (or PUT, PATCH)")
            }
            body = try readFile(input)
            extraQuery = fields.map { QueryItem($0.name, $0.text) }
            if contentType == nil { headers["Content-Type"] = Self.jsonType }
        } else if HTTPRequest.isReadMethod(method) {
            extraQuery = fields.map { QueryItem($0.name, $0.text) }
        } else if !fields.isEmpty {
            if contentType?.lowercased().hasPrefix(Self.formType) == true {
                body = Data(PercentEncoding.formQuery(fields.map { QueryItem($0.name, $0.text) }).utf8)
            } else {
                do {
                    body = Data(try FieldNesting.object(from: fields.map { ($0.name, $0.value) }).serialized(pretty: false).utf8)
                } catch {
                    throw UsageError(error.description)
                }
                if contentType == nil { headers["Content-Type"] = Self.jsonType }
            }
        }
    }

    /// `Name: value`, checked: a token for the name, one line for the value, never the key's header.
    static func header(_ line: String, keyPlacement: CredentialPlacement?) throws -> (String, String) {
        guard let (rawName, rawValue) = line.cut(atFirst: ":") else {
            throw UsageError("-H takes 'NAME: VALUE', not '\(line)'")
        }
        let name = rawName.trimmed(.whitespaces)
        let value = rawValue.trimmed(.whitespaces)
        let tokenCharacters = "!#$%&'*+-.^_`|~"
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || tokenCharacters.unicodeScalars.contains($0)) })
        else {
            throw UsageError("-H '\(line)': '\(name)' is not a header name")
        }
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw UsageError("-H \(name): the value must be one line")
        }
        let lowered = name.lowercased()
        if let keyHeader = keyPlacement?.headerName, keyHeader.lowercased() == lowered {
            throw UsageError("-H \(name) would set the key's own header: apicli adds the key itself, from the environment or 'apicli config set'")
        }
        if ["host", "content-length", "transfer-encoding"].contains(lowered) {
            throw UsageError("-H \(name) is set by apicli itself")
        }
        return (name, value)
    }
}
