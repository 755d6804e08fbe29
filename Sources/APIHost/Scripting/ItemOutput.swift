/// Prints a provider's results as items — with `--fields`, `--format line` or
/// `--new` — and counts what it printed, for `--fail-empty`.
///
/// Works on output as data: the JSON elements the provider yields, read into
/// items by ``ItemReader``. Without `--fields`, JSON and NDJSON keep the
/// provider's shape (`--new` only leaves out the items that are not new);
/// with them, each item is one object of the chosen keys.
struct ItemOutput<P: Provider>: Sendable {
    let provider: P
    let script: ScriptOptions
    let format: OutputFormat
    let terminal: Terminal
    /// What an item is: the view the command line chose (``ItemViewChoice``), else the provider's one shape.
    var shape: ItemShape?
    /// The provider's capabilities, as the run read them (read here when none are given).
    let capabilities: Capabilities<P>

    init(
        provider: P, script: ScriptOptions, format: OutputFormat, terminal: Terminal, shape: ItemShape? = nil,
        capabilities: Capabilities<P>? = nil
    ) {
        self.provider = provider
        self.script = script
        self.format = format
        self.terminal = terminal
        self.shape = shape
        self.capabilities = capabilities ?? provider.capabilities
    }

    private var reader: ItemReader { ItemReader(shape: shape ?? capabilities.items) }

    /// The declared field names of the provider, before anything is fetched.
    static func declaredFields(of provider: P) -> [String] {
        provider.capabilities.items.meanings.map(\.name)
    }

    /// Writes `responses` to `sink`; `seen` (with `--new`) holds the keys of the
    /// items stored before this run. Returns how many items were printed.
    func write(
        _ responses: [P.Response], seen: Set<String>?, to sink: (String) -> Void, notice: (String) -> Void = { _ in }
    ) throws -> Int {
        try OutputWriter.writing(to: sink) { try write(responses, seen: seen, to: &$0, notice: notice) }
    }

    /// The same, through `out`: the one writer a command's results go through.
    func write(
        _ responses: [P.Response], seen: Set<String>?, to out: inout OutputWriter, notice: (String) -> Void = { _ in }
    ) throws -> Int {
        let reader = self.reader
        if !script.needsItems(format) {
            OutputRenderer.write(
                provider, responses, as: format, terminal: terminal, capabilities: capabilities, to: &out, notice: notice)
            return countedForFailEmpty(responses)
        }
        // Chosen fields and templates may name any field of the items, not only what JSON shows.
        let picksFields = script.picksFields(format)
        var elements: any Sequence<JSONValue> =
            picksFields ? capabilities.scriptingElements?(responses) ?? provider.json(responses) : provider.json(responses)
        if let seen {
            let all = elements
            elements = AnySequence(all).lazy.compactMap { reader.keepingNew($0, seen: seen) }
        }
        if script.fields == nil, format == .json || format == .ndjson {
            var count = 0
            let counted = AnySequence(elements).lazy.map { element -> JSONValue in
                count += reader.items(in: element).count
                return element
            }
            OutputRenderer.writeElements(counted, as: format, to: &out)
            return count
        }
        let writer = ItemWriter(script: script, format: format, terminal: terminal, shape: reader.shape)
        return try writer.write(Array(reader.items(in: elements)), known: reader.shape.meanings.map(\.name), to: &out)
    }

    /// How many items `responses` hold, counted only with `--fail-empty`: the elements are made
    /// only to be counted (a table of 40 forecast steps made all 40 JSON objects for nothing,
    /// a noticeable part of `weather --offline`).
    func countedForFailEmpty(_ responses: [P.Response]) -> Int {
        guard script.failEmpty else { return 0 }
        return reader.items(in: provider.json(responses)).reduce(0) { count, _ in count + 1 }
    }

    /// The keys of the items stored before this run for `queries` (`--new`), read from the
    /// elements the output reads (`scripting`: those `--fields` and templates read), so that
    /// an item is told apart the same way on both sides.
    static func storedKeys(
        of provider: P, shape: ItemShape? = nil, for queries: [P.Query], in store: Store, scripting: Bool = false
    ) throws -> Set<String> {
        let reader = ItemReader(shape: shape ?? provider.capabilities.items)
        let stored = try store.read { tx in try queries.compactMap { try provider.load($0, from: tx)?.value } }
        let elements = scripting ? provider.capabilities.scriptingElements?(stored) ?? provider.json(stored) : provider.json(stored)
        return Set(reader.items(in: elements).map(reader.key))
    }
}
