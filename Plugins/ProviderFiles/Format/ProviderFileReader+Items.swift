import APICore
import APIDocuments

extension ProviderFileReader {
    static let itemsFields = ["shape", "path"]
    /// At most this many shapes are remembered beside `items`.
    static let maxItemsSeen = 8

    /// `items`: a key path (a list there, as before shapes), or an object naming the
    /// shape (`list`, `record`, `parallel`, `any`) and, but for the answer itself, its path.
    func readItems(_ fields: inout FieldReader) -> ItemsShape? {
        guard let node = fields.node["items"], node.members != nil else {
            return fields.keyPath("items").map(ItemsShape.list)
        }
        return readShape(node, field: "items", into: &fields)
    }

    /// `itemsSeen`: the shapes answers came in when `items` did not fit them, each
    /// written as `items` is; apicli adds to it (``ShapeMemory``), a person may too.
    func readItemsSeen(_ fields: inout FieldReader) -> [ItemsShape]? {
        guard fields.node["itemsSeen"] != nil else { return [] }
        guard let nodes = fields.array("itemsSeen", maxCount: Self.maxItemsSeen) else { return nil }
        var shapes: [ItemsShape] = []
        var failed = false
        for (index, node) in nodes.enumerated() {
            let field = "itemsSeen[\(index)]"
            if let text = node.string {
                guard let path = KeyPath(text) else {
                    fields.problem(field, line: node.line, "'\(text)' is not a key path: names joined by dots, at most \(KeyPath.maxDepth) deep")
                    failed = true
                    continue
                }
                shapes.append(.list(path))
            } else if node.members != nil, let shape = readShape(node, field: field, into: &fields) {
                shapes.append(shape)
            } else {
                if node.members == nil { fields.problem(field, line: node.line, "must be a key path or an object, not \(node.kindName)") }
                failed = true
            }
        }
        return failed ? nil : shapes
    }

    /// One shape object (`{"shape": "record"}`, `{"shape": "list", "path": "items"}`).
    private func readShape(_ node: DocumentNode, field: String, into fields: inout FieldReader) -> ItemsShape? {
        var items = FieldReader(node, prefix: fields.field(field))
        items.refuseUnknown(Self.itemsFields)
        defer { fields.absorb(items) }
        guard let text = items.string("shape") else { return nil }
        guard let kind = ItemsShape.Kind(rawValue: text) else {
            let known = ItemsShape.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            items.problem("shape", line: node["shape"]?.line, "'\(text)' is not a shape; use one of \(known)")
            return nil
        }
        if kind == .any, node["path"] != nil {
            items.problem("path", line: node["path"]?.line, "the shape any reads the whole answer; leave path out")
            return nil
        }
        let path = items.keyPath("path", required: kind == .parallel)
        if node["path"] != nil, path == nil { return nil }
        if kind == .parallel, path == nil { return nil }
        return ItemsShape(kind, at: path)
    }
}
