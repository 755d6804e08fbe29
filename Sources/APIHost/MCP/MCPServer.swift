#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore
import Synchronization

/// The protocol loop: one message a line on stdin, one answer a line on stdout.
///
/// Requests run concurrently, each in its own task, so a slow fetch does not hold a
/// store query behind it; what keeps them within a provider's allowance is the same
/// ledger in the store that every apicli process shares. A notification gets no answer,
/// a message that is not JSON-RPC gets an error object, and nothing else is written.
/// When stdin closes, the calls under way finish and the server returns.
struct MCPServer: Sendable {
    let host: Host
    let catalog: ToolCatalog
    let output: MCPOutput
    let databasePath: String?
    let waitBound: Duration

    func serve(_ lines: AsyncStream<StdinLines.Line>) async {
        let calls = InFlight()
        for await line in lines {
            guard case let .text(data) = line else {
                output.send(JSONRPCReply.error(nil, JSONRPCError(.parseError, "the message is over \(StdinLines.maxLineBytes >> 20) MiB")))
                continue
            }
            switch JSONRPCMessage.read(data) {
            case let .invalid(id, error):
                output.log("refused a message: \(error.message)")
                output.send(JSONRPCReply.error(id, error))
            case .reply:
                continue
            case let .notification(method, params):
                output.log("notification \(method)")
                if method == "notifications/cancelled", let id = JSONObject(params)?["requestId"].flatMap(JSONRPCID.init) {
                    calls.cancel(id)
                }
            case let .request(id, method, params):
                output.log("request \(method) (id \(id.json.serialized(pretty: false)))")
                let output = self.output
                calls.start(id) {
                    let reply: JSONValue
                    do {
                        reply = JSONRPCReply.result(id, try await answer(method, params))
                    } catch let error as JSONRPCError {
                        reply = JSONRPCReply.error(id, error)
                    } catch {
                        reply = JSONRPCReply.error(id, JSONRPCError(.internalError, "the call failed"))
                    }
                    // A cancelled request is not answered (the client stopped waiting).
                    if !Task.isCancelled { output.send(reply) }
                }
            }
        }
        output.log("stdin closed; finishing the calls under way")
        await calls.finishAll()
    }

    /// A request's result, or the JSON-RPC error it is answered with.
    func answer(_ method: String, _ params: JSONValue?) async throws(JSONRPCError) -> JSONValue {
        if method != "initialize", let declared = ProtocolVersion.declared(in: params),
           let refusal = ProtocolVersion.check(declared: declared)
        {
            throw refusal
        }
        switch method {
        case "server/discover":
            return discoverResult
        case "initialize":
            guard let object = JSONObject(params) else {
                throw JSONRPCError(.invalidParams, "initialize needs its params object (protocolVersion, capabilities, clientInfo)")
            }
            guard case let .string(requested)? = object["protocolVersion"] else {
                throw JSONRPCError(.invalidParams, "initialize needs \"protocolVersion\", a string")
            }
            return initializeResult(version: ProtocolVersion.negotiate(requested))
        case "ping":
            return .object([])
        case "tools/list":
            return catalog.listing
        case "tools/call":
            guard let object = JSONObject(params), case let .string(name)? = object["name"] else {
                throw JSONRPCError(.invalidParams, "tools/call needs \"name\", a tool's name as a string")
            }
            return try await call(name, arguments: object["arguments"])
        default:
            throw JSONRPCError(.methodNotFound, "no method '\(method)'")
        }
    }

    private func call(_ name: String, arguments: JSONValue?) async throws(JSONRPCError) -> JSONValue {
        if let tool = StoreTool(rawValue: name) {
            return try await StoreToolCall(tool: tool, host: host, databasePath: databasePath).run(arguments)
        }
        if let tool = catalog.tool(named: name) {
            return try await ProviderToolCall(tool: tool, host: host, databasePath: databasePath, waitBound: waitBound).run(arguments)
        }
        if catalog.withheldWrites.contains(name) {
            throw JSONRPCError(.invalidParams, "'\(name)' changes data at its API and is offered only when 'apicli mcp --allow-writes' is run")
        }
        var message = "no tool '\(name)'"
        let names = catalog.providerTools.map(\.name) + StoreTool.allCases.map(\.rawValue)
        if let near = NearestName.suggest(name, among: names) { message += "; did you mean '\(near)'?" }
        throw JSONRPCError(.invalidParams, message + " (tools/list names them)")
    }

    private func initializeResult(version: String) -> JSONValue {
        .object([
            .init("protocolVersion", .string(version)),
            .init("capabilities", capabilities),
            .init("serverInfo", serverInfo),
            .init("instructions", .string(instructions)),
        ])
    }

    /// `server/discover` (2026-07-28): the revisions served, what the server offers, who it is.
    private var discoverResult: JSONValue {
        .object([
            .init("supportedVersions", .array(ProtocolVersion.supported.map(JSONValue.string))),
            .init("capabilities", capabilities),
            .init("instructions", .string(instructions)),
            .init("_meta", .object([.init(ProtocolVersion.serverInfoKey, serverInfo)])),
            .init("ttlMs", .int(ToolCatalog.listingTTLMilliseconds)),
            .init("cacheScope", "private"),
        ])
    }

    private var capabilities: JSONValue {
        .object([.init("tools", .object([.init("listChanged", false)]))])
    }

    private var serverInfo: JSONValue {
        .object([.init("name", "apicli"), .init("title", "apicli"), .init("version", .string(Host.version))])
    }

    private var instructions: String {
        "Each provider tool answers from apicli's local store when a fresh answer is there and says whether it was "
            + "stored or fetched, and when; pass refresh: true only when newer data matters. Rate limits are shared with "
            + "every other apicli; a call that would wait long returns 'rate limited until …' at once. search_store, "
            + "query_store and describe_store read what is already stored and spend no quota."
    }
}

/// The requests under way: each a task on the pool, forgotten when it ends, cancelled by
/// `notifications/cancelled` naming its id, awaited when stdin closes.
final class InFlight: Sendable {
    private let state = Mutex<(next: Int, tasks: [Int: (id: JSONRPCID, task: Task<Void, Never>)])>((0, [:]))

    func start(_ id: JSONRPCID, _ body: @escaping @Sendable () async -> Void) {
        state.withLock { state in
            let key = state.next
            state.next += 1
            let task = Task(executorPreference: globalConcurrentExecutor) { [weak self] in
                await body()
                _ = self?.state.withLock { $0.tasks.removeValue(forKey: key) }
            }
            state.tasks[key] = (id, task)
        }
    }

    func cancel(_ id: JSONRPCID) {
        for task in state.withLock({ $0.tasks.values.filter { $0.id == id }.map(\.task) }) { task.cancel() }
    }

    func finishAll() async {
        while true {
            let running = state.withLock { $0.tasks.values.map(\.task) }
            guard !running.isEmpty else { return }
            for task in running { await task.value }
            // A task ends by removing itself; one that ended before it was entered is removed here.
            state.withLock { state in state.tasks = state.tasks.filter { entry in !running.contains(entry.value.task) } }
        }
    }
}
