import Foundation

/// OpenAPI documents built to make an import do unbounded work from little text, as
/// JSON objects (for `JSONSerialization`) or YAML bytes. Each is what one class of
/// amplification looks like at its simplest; the tests that import them expect the
/// import's budget (or a reader's limit) to end them.
public enum HostileDocuments {
    /// An array of small objects: the answer every operation here gives.
    static var list: [String: Any] { [
        "type": "array",
        "items": ["type": "object", "properties": ["id": ["type": "integer"], "name": ["type": "string"]]],
    ] }

    static func document(paths: [String: Any], schemas: [String: Any] = [:], servers: [[String: Any]]? = nil) -> [String: Any] {
        var document: [String: Any] = [
            "openapi": "3.0.0", "info": ["title": "Hostile", "version": "1"],
            "servers": servers ?? [["url": "https://api.example.org"]], "paths": paths,
        ]
        if !schemas.isEmpty { document["components"] = ["schemas": schemas] }
        return document
    }

    static func operation(answer: Any, parameters: [[String: Any]] = [], id: String? = nil) -> [String: Any] {
        var operation: [String: Any] = [
            "responses": ["200": ["description": "ok", "content": ["application/json": ["schema": answer]]]],
        ]
        if !parameters.isEmpty { operation["parameters"] = parameters }
        if let id { operation["operationId"] = id }
        return operation
    }

    /// `a = "{a1}{a1}"`, `a1 = "{a2}{a2}"`, …: substituted again and again, 2^levels copies.
    public static func doublingServerVariables(levels: Int) -> [String: Any] {
        var variables: [String: Any] = [:]
        for level in 0..<levels {
            variables[level == 0 ? "a" : "a\(level)"] = ["default": "{a\(level + 1)}{a\(level + 1)}"]
        }
        variables["a\(levels)"] = ["default": "x"]
        return document(
            paths: ["/l": ["get": operation(answer: list)]],
            servers: [["url": "https://api.example.org/{a}", "variables": variables]])
    }

    /// One variable used `times` times in the server URL.
    public static func repeatedServerVariable(times: Int) -> [String: Any] {
        document(
            paths: ["/l": ["get": operation(answer: list)]],
            servers: [["url": "https://api.example.org/" + String(repeating: "{a}", count: times),
                       "variables": ["a": ["default": "x"]]]])
    }

    /// `S0 = allOf [S1 × width]`, `S1 = oneOf [S2 × width]`, …: a DAG that a tree walk expands width^levels times.
    public static func combinedReferenceTree(levels: Int, width: Int) -> [String: Any] {
        var schemas: [String: Any] = [:]
        for level in 0..<levels {
            let kind = ["allOf", "oneOf", "anyOf"][level % 3]
            schemas["S\(level)"] = [kind: Array(repeating: ["$ref": "#/components/schemas/S\(level + 1)"], count: width)]
        }
        schemas["S\(levels)"] = ["type": "object", "properties": ["id": ["type": "integer"]]]
        return document(
            paths: ["/l": ["get": operation(answer: ["type": "array", "items": ["$ref": "#/components/schemas/S0"]])]],
            schemas: schemas)
    }

    /// A paged list whose answer has `width` sibling objects, each of `width` objects, four levels
    /// down, and no total count anywhere: searching for one looks at width⁴ property paths.
    public static func wideTotalSearch(width: Int) -> [String: Any] {
        func level(_ number: Int) -> [String: Any] {
            var properties: [String: Any] = [:]
            for index in 0..<width {
                properties["p\(index)"] = number == 4 ? ["type": "string"] : ["$ref": "#/components/schemas/L\(number + 1)"]
            }
            return ["type": "object", "properties": properties]
        }
        var schemas: [String: Any] = [:]
        for number in 1...4 { schemas["L\(number)"] = level(number) }
        var answer: [String: Any] = ["results": list]
        for index in 0..<width { answer["p\(index)"] = ["$ref": "#/components/schemas/L1"] }
        let page: [String: Any] = ["name": "page", "in": "query", "schema": ["type": "integer"]]
        return document(
            paths: ["/l": ["get": operation(answer: ["type": "object", "properties": answer], parameters: [page])]],
            schemas: schemas)
    }

    /// `operations` operations answering with a list of one schema of `properties` properties.
    public static func sharedWideSchema(operations: Int, properties: Int) -> [String: Any] {
        var wide: [String: Any] = [:]
        for index in 0..<properties { wide["f\(index)"] = ["type": "string"] }
        var paths: [String: Any] = [:]
        for index in 0..<operations {
            paths["/p\(index)"] = ["get": operation(answer: ["type": "array", "items": ["$ref": "#/components/schemas/Wide"]])]
        }
        return document(paths: paths, schemas: ["Wide": ["type": "object", "properties": wide]])
    }

    /// `operations` operations with the same `operationId`.
    public static func sameOperationId(operations: Int) -> [String: Any] {
        var paths: [String: Any] = [:]
        for index in 0..<operations { paths["/p\(index)"] = ["get": operation(answer: list, id: "same")] }
        return document(paths: paths)
    }

    /// YAML: one scalar of `bytes` bytes, anchored, used as the summary of `operations` operations.
    public static func aliasedSummary(bytes: Int, operations: Int) -> Data {
        var text = """
            openapi: 3.0.0
            info: {title: Hostile, version: '1'}
            servers: [{url: 'https://api.example.org'}]
            x-summary: &summary '\(String(repeating: "a", count: bytes))'
            paths:

            """
        for index in 0..<operations {
            text += """
                  /p\(index):
                    get:
                      summary: *summary
                      responses: {'200': {description: ok, content: {application/json: {schema: {type: array, items: {type: object, properties: {id: {type: integer}}}}}}}}

                """
        }
        return Data(text.utf8)
    }
}
