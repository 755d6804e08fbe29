import APICore

extension ProviderFileWriter {
    /// A list at a path as that path (what every file had before shapes), any other shape as an object.
    static func items(_ shape: ItemsShape) -> JSONValue {
        if shape.kind == .list, let path = shape.path { return .string(path.description) }
        var members: [JSONValue.Member] = [.init("shape", .string(shape.kind.rawValue))]
        if let path = shape.path { members.append(.init("path", .string(path.description))) }
        return .object(members)
    }

    /// `itemsSeen` after `items`, when answers were seen in other shapes.
    static func itemsSeen(_ operation: ProviderFile.Operation) -> [JSONValue.Member] {
        operation.itemsSeen.isEmpty ? [] : [.init("itemsSeen", .array(operation.itemsSeen.map(items)))]
    }
}
