#if canImport(CYAMLShim)
/// Turns libyaml's events into a ``DocumentNode`` tree, with its own stack of open
/// sequences and mappings (no recursion, so nesting is bounded by the limit, not the
/// thread's stack).
///
/// An alias is the anchored value itself (trees are values, so repeating one costs
/// nothing to hold); what each alias *adds* is counted, in values and in bytes of
/// text, because whatever walks the tree afterwards pays for every repetition: one
/// value of megabytes used as the summary of hundreds of operations is cleaned and
/// copied once per use. An anchored value keeps the lines where it was written.
struct YAMLTreeBuilder {
    typealias Event = YAMLEvents.Event
    typealias Mark = YAMLEvents.Mark

    private struct PendingKey {
        var text: String
        var mark: Mark
        var isMerge: Bool
    }

    /// A sequence or mapping not yet ended.
    private struct Open {
        var isMapping: Bool
        var line: Int
        var anchor: String?
        /// ``YAMLTreeBuilder/valueCount`` when it opened, to size an anchored value.
        var valuesBefore: Int
        /// ``YAMLTreeBuilder/byteCount`` when it opened.
        var bytesBefore: Int
        /// Levels below this one, counting what aliases bring.
        var height = 0
        var items: [DocumentNode] = []
        var members = MemberList()
        var key: PendingKey?
        /// Merge keys: where in the explicit members each came, and the mappings it merges.
        var merges: [(position: Int, sources: [[(key: String, value: DocumentNode)]])] = []
        var mergeLine: Int?
    }

    private struct Anchored {
        var node: DocumentNode
        /// Values in it, counting what aliases inside it add.
        var size: Int
        /// Bytes of text in it (scalars and keys), counting what aliases inside it add.
        var bytes: Int
        var height: Int
    }

    private let limits: DocumentLimits
    private var stack: [Open] = []
    private var anchors: [String: Anchored] = [:]
    /// Values built so far, aliases counted by what they repeat.
    private var valueCount = 0
    private var aliasedValues = 0
    /// Bytes of scalar text built so far, aliases counted by what they repeat.
    private var byteCount = 0
    private var aliasedBytes = 0
    private var root: DocumentNode?

    init(limits: DocumentLimits) {
        self.limits = limits
    }

    mutating func build(next: () throws(DocumentError) -> Event) throws(DocumentError) -> DocumentNode {
        var documents = 0
        while true {
            switch try next() {
            case .streamStart, .documentEnd:
                continue
            case let .documentStart(mark):
                documents += 1
                guard documents == 1 else {
                    throw DocumentError(.syntax, line: mark.line, column: mark.column,
                                        "a second YAML document starts here; apicli reads one document per file")
                }
            case .streamEnd:
                guard let root else { throw DocumentError(.syntax, line: 1, column: 1, "the document is empty") }
                return root
            case let .scalar(text, anchor, tag, plain, mark):
                try scalar(text, anchor: anchor, tag: tag, plain: plain, mark: mark)
            case let .alias(name, mark):
                try alias(name, mark: mark)
            case let .sequenceStart(anchor, mark):
                try open(isMapping: false, anchor: anchor, mark: mark)
            case let .mappingStart(anchor, mark):
                try open(isMapping: true, anchor: anchor, mark: mark)
            case .sequenceEnd, .mappingEnd:
                try close()
            }
        }
    }

    /// Whether the innermost open value is a mapping waiting for a key.
    private var expectsKey: Bool {
        guard let top = stack.last else { return false }
        return top.isMapping && top.key == nil
    }

    private mutating func scalar(_ text: String, anchor: String?, tag: String?, plain: Bool, mark: Mark) throws(DocumentError) {
        let node = DocumentNode(line: mark.line, value: YAMLScalar.resolve(text, plain: plain, tag: tag))
        if let anchor { anchors[anchor] = Anchored(node: node, size: 1, bytes: text.utf8.count, height: 0) }
        valueCount += 1
        byteCount += text.utf8.count
        if expectsKey {
            // A key is the text as written: `200:` is the key "200", as JSON would write it.
            stack[stack.count - 1].key = PendingKey(text: text, mark: mark, isMerge: plain && tag == nil && text == "<<")
            return
        }
        try add(node, height: 0)
    }

    private mutating func alias(_ name: String, mark: Mark) throws(DocumentError) {
        // An anchor still open is the value this alias sits in: libyaml's loader would make it a cycle.
        if stack.contains(where: { $0.anchor == name }) {
            throw DocumentError(.syntax, line: mark.line, column: mark.column,
                                "the alias *\(DocumentText.safe(name)) is inside the value its anchor names (a cycle)")
        }
        guard let anchored = anchors[name] else {
            throw DocumentError(.syntax, line: mark.line, column: mark.column,
                                "the alias *\(DocumentText.safe(name)) names no anchor before it")
        }
        aliasedValues += anchored.size
        valueCount += anchored.size
        guard aliasedValues <= limits.maxAliasedValues else {
            throw DocumentError(.limit, line: mark.line, column: mark.column,
                                "aliases repeat more than \(limits.maxAliasedValues) values (a \"billion laughs\" document?)")
        }
        aliasedBytes += anchored.bytes
        byteCount += anchored.bytes
        guard aliasedBytes <= limits.maxAliasedBytes else {
            throw DocumentError(.limit, line: mark.line, column: mark.column,
                                "aliases repeat more than \(DocumentLimits.mebibytes(limits.maxAliasedBytes)) MiB of text "
                                    + "(one large value used many times?)")
        }
        guard stack.count + anchored.height <= limits.maxDepth else { throw limits.depthError(line: mark.line, column: mark.column) }
        if expectsKey {
            guard let text = Self.keyText(anchored.node) else {
                throw DocumentError(.syntax, line: mark.line, column: mark.column,
                                    "the key *\(DocumentText.safe(name)) is \(anchored.node.kindName); apicli reads keys that are text")
            }
            stack[stack.count - 1].key = PendingKey(text: text, mark: mark, isMerge: false)
            return
        }
        try add(anchored.node, height: anchored.height)
    }

    private mutating func open(isMapping: Bool, anchor: String?, mark: Mark) throws(DocumentError) {
        if expectsKey {
            throw DocumentError(.syntax, line: mark.line, column: mark.column,
                                "a key that is \(isMapping ? "a mapping" : "a sequence"); apicli reads keys that are text")
        }
        guard stack.count < limits.maxDepth else { throw limits.depthError(line: mark.line, column: mark.column) }
        stack.append(Open(isMapping: isMapping, line: mark.line, anchor: anchor, valuesBefore: valueCount, bytesBefore: byteCount))
    }

    private mutating func close() throws(DocumentError) {
        let open = stack.removeLast()
        let node = DocumentNode(line: open.line, value: open.isMapping ? .object(Self.merged(open)) : .array(open.items))
        valueCount += 1
        let height = open.height + 1
        if let anchor = open.anchor {
            anchors[anchor] = Anchored(
                node: node, size: valueCount - open.valuesBefore, bytes: byteCount - open.bytesBefore, height: height)
        }
        try add(node, height: height)
    }

    /// Puts a finished value where it belongs: the root, the next item of a sequence,
    /// the value of the pending key, or the mappings a merge key merges.
    private mutating func add(_ node: DocumentNode, height: Int) throws(DocumentError) {
        guard !stack.isEmpty else {
            root = node
            return
        }
        let top = stack.count - 1
        stack[top].height = max(stack[top].height, height)
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return
        }
        guard let key = stack[top].key else { return }
        stack[top].key = nil
        if key.isMerge {
            try merge(node, key: key)
        } else {
            try stack[top].members.append(key: key.text, line: key.mark.line, column: key.mark.column, value: node)
        }
    }

    /// `<<: value`: the value is a mapping, or a sequence of mappings (earlier ones win).
    private mutating func merge(_ node: DocumentNode, key: PendingKey) throws(DocumentError) {
        let top = stack.count - 1
        if let first = stack[top].mergeLine {
            throw DocumentError(.duplicateKey, line: key.mark.line, column: key.mark.column,
                                "the merge key << is given twice in one mapping, on line \(first) and line \(key.mark.line); "
                                    + "merge several mappings with one: <<: [*a, *b]")
        }
        stack[top].mergeLine = key.mark.line
        var sources: [[(key: String, value: DocumentNode)]] = []
        if let members = node.members {
            sources = [members]
        } else if let items = node.array, items.allSatisfy({ $0.members != nil }) {
            sources = items.compactMap(\.members)
        } else {
            throw DocumentError(.syntax, line: key.mark.line, column: key.mark.column,
                                "a merge key (<<) takes a mapping or a sequence of mappings, not \(node.kindName)")
        }
        stack[top].merges.append((stack[top].members.members.count, sources))
    }

    /// A mapping's members with its merge keys applied: keys written in the mapping
    /// win over merged ones, and merged members come where the `<<` was.
    private static func merged(_ open: Open) -> [(key: String, value: DocumentNode)] {
        guard !open.merges.isEmpty else { return open.members.members }
        let explicit = open.members.members
        var result = MemberList()
        var position = 0
        func addExplicit(upTo end: Int) {
            while position < end {
                result.appendUnlessPresent(key: explicit[position].key, line: explicit[position].value.line, value: explicit[position].value)
                position += 1
            }
        }
        for merge in open.merges {
            addExplicit(upTo: merge.position)
            for source in merge.sources {
                for member in source where open.members.line(of: member.key) == nil {
                    result.appendUnlessPresent(key: member.key, line: member.value.line, value: member.value)
                }
            }
        }
        addExplicit(upTo: explicit.count)
        return result.members
    }

    /// A scalar's value as key text, for an alias used as a key.
    private static func keyText(_ node: DocumentNode) -> String? {
        switch node.value {
        case let .string(text), let .number(text): text
        case let .bool(flag): flag ? "true" : "false"
        case .null: "null"
        case .array, .object: nil
        }
    }
}
#endif
