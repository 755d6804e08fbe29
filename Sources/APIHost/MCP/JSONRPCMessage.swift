#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// One line of a JSON-RPC 2.0 stream as `apicli mcp` reads it: a request (it has an id
/// and wants an answer), a notification (no id, no answer), an answer the client sent
/// (ignored: the server asks nothing), or something that is none of these, with the
/// error object it is answered with.
enum JSONRPCMessage: Sendable, Equatable {
    case request(id: JSONRPCID, method: String, params: JSONValue?)
    case notification(method: String, params: JSONValue?)
    case reply
    /// Answered with `error`, with the id when one could be read (null otherwise).
    case invalid(id: JSONRPCID?, error: JSONRPCError)

    /// Reads one line; never throws, since every line gets an answer or is dropped.
    static func read(_ line: Data) -> JSONRPCMessage {
        guard let value = try? JSONValue.parse(line) else {
            return .invalid(id: nil, error: JSONRPCError(.parseError, "the line is not JSON"))
        }
        guard case let .object(members) = value else {
            let what = if case .array = value { "a batch (an array) is not accepted; send one message a line" } else { "a message is a JSON object" }
            return .invalid(id: nil, error: JSONRPCError(.invalidRequest, what))
        }
        let object = JSONObject(members)
        let id = object["id"].flatMap(JSONRPCID.init)
        guard object["jsonrpc"] == .string("2.0") else {
            return .invalid(id: id, error: JSONRPCError(.invalidRequest, "\"jsonrpc\" must be \"2.0\""))
        }
        guard let method = object["method"] else {
            if object["result"] != nil || object["error"] != nil { return .reply }
            return .invalid(id: id, error: JSONRPCError(.invalidRequest, "no \"method\""))
        }
        guard case let .string(name) = method else {
            return .invalid(id: id, error: JSONRPCError(.invalidRequest, "\"method\" must be a string"))
        }
        let params = object["params"]
        if let params {
            switch params {
            case .object, .array: break
            default: return .invalid(id: id, error: JSONRPCError(.invalidRequest, "\"params\" must be an object or an array"))
            }
        }
        guard object["id"] != nil else { return .notification(method: name, params: params) }
        guard let id else {
            return .invalid(id: nil, error: JSONRPCError(.invalidRequest, "\"id\" must be a string or a whole number"))
        }
        return .request(id: id, method: name, params: params)
    }
}

/// A request's id: a string or a whole number, answered as it came.
enum JSONRPCID: Sendable, Hashable {
    case number(Int64)
    case text(String)

    init?(_ value: JSONValue) {
        switch value {
        case let .int(number): self = .number(number)
        case let .string(text): self = .text(text)
        default: return nil
        }
    }

    var json: JSONValue {
        switch self {
        case let .number(number): .int(number)
        case let .text(text): .string(text)
        }
    }
}

/// A JSON-RPC error object: a code from the specification and one line saying what was wrong.
struct JSONRPCError: Error, Sendable, Equatable {
    var code: Code
    var message: String
    /// A code outside JSON-RPC's own (MCP's -32022), sent instead of ``code``.
    var rawCode: Int64? = nil
    /// What the error names besides its message (the revisions served, for -32022).
    var data: JSONValue? = nil

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    enum Code: Int64, Sendable {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
    }

    var json: JSONValue {
        .object([.init("code", .int(rawCode ?? code.rawValue)), .init("message", .string(message))]
            + (data.map { [.init("data", $0)] } ?? []))
    }
}

/// An object's members by key (the first of a repeated key, as JSON readers commonly do).
struct JSONObject: Sendable {
    let members: [JSONValue.Member]

    init(_ members: [JSONValue.Member]) { self.members = members }

    init?(_ value: JSONValue?) {
        guard case let .object(members)? = value else { return nil }
        self.members = members
    }

    subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }
}

/// The lines `apicli mcp` writes: answers, each one line of compact JSON.
enum JSONRPCReply {
    /// Every result says it is complete (`resultType`, required from 2026-07-28, ignored before).
    static func result(_ id: JSONRPCID, _ result: JSONValue) -> JSONValue {
        var result = result
        if case let .object(members) = result, !members.contains(where: { $0.key == "resultType" }) {
            result = .object(members + [.init("resultType", "complete")])
        }
        return .object([.init("jsonrpc", "2.0"), .init("id", id.json), .init("result", result)])
    }

    static func error(_ id: JSONRPCID?, _ error: JSONRPCError) -> JSONValue {
        .object([.init("jsonrpc", "2.0"), .init("id", id?.json ?? .null), .init("error", error.json)])
    }
}
