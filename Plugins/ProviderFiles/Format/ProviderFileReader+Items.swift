import APICore

extension ProviderFileReader {
    static let itemsFields = ["shape", "path"]

    /// `items`: a key path (a list there, as before shapes), or an object naming the
    /// shape (`list`, `record`, `parallel`) and, but for the answer itself, its path.
    func readItems(_ fields: inout FieldReader) -> ItemsShape? {
        guard let node = fields.node["items"], node.members != nil else {
            return fields.keyPath("items").map(ItemsShape.list)
        }
        var items = FieldReader(node, prefix: "items")
        items.refuseUnknown(Self.itemsFields)
        defer { fields.absorb(items) }
        guard let text = items.string("shape") else { return nil }
        guard let kind = ItemsShape.Kind(rawValue: text) else {
            let known = ItemsShape.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            items.problem("shape", line: node["shape"]?.line, "'\(text)' is not a shape; use one of \(known)")
            return nil
        }
        let path = items.keyPath("path", required: kind == .parallel)
        if node["path"] != nil, path == nil { return nil }
        if kind == .parallel, path == nil { return nil }
        return ItemsShape(kind, at: path)
    }
}
