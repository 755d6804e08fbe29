/// A ``JSONValue`` encodes as the JSON it is, so a `Codable` response can hold
/// records the provider never declared field by field (the scaffold's
/// `Records`) and still be stored and read back whole.
extension JSONValue: Encodable {
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case let .bool(value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case let .int(value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case let .double(value):
            var container = encoder.singleValueContainer()
            // JSON has no NaN or infinity: a value that is not finite is stored as null.
            if value.isFinite { try container.encode(value) } else { try container.encodeNil() }
        case let .string(value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case let .array(items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case let .object(members):
            JSONKeyOrder.record(members, at: encoder.codingPath, in: encoder.userInfo)
            var container = encoder.container(keyedBy: AnyKey.self)
            for member in members { try container.encode(member.value, forKey: AnyKey(stringValue: member.key)) }
        }
    }
}
