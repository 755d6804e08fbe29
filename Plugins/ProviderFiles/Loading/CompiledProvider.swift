import APICore

/// A provider file of several operations as the index keeps it (`.index/<name>.compiled`):
/// the provider's own fields, a table of its operations (name, aliases, tags, path and
/// summary: enough to list, find and choose one), and each operation's text apart, so
/// that running one reads the table and that operation's text, however many there are.
///
///     apicli-compiled 1
///     <fingerprint of the reserved names>
///     <stamp of the provider file>
///     <head bytes> <operations> <bodies bytes>
///     {"apicli":2,"name":"stripe",…}                       the file without its operations
///     customers<TAB>get-customers<TAB><TAB>/v1/customers<TAB>0<TAB>812<TAB>Returns a list of your customers.
///     …                                                    one line per operation
///     {"name":"customers",…}{"name":"customers-customer",…}  each operation's text
///
/// Every value it was made from passed ``ProviderFileReader``: names, aliases, tags, paths
/// and summaries hold no tab or line break, so a line of the table is its fields. The
/// operation that runs is read again by the same reader, spliced into the provider's own
/// fields, so what a run trusts is checked as it would be in the file.
enum CompiledProvider {
    static let magic = "apicli-compiled"
    /// Separates an operation's tags in the table: tags hold no control character.
    static let tagSeparator: Unicode.Scalar = "\u{1F}"

    /// The compiled form of `file`, read from a file of `stamp`.
    static func encode(_ file: ProviderFile, stamp: FileStamp, fingerprint: String) -> [UInt8] {
        var head = ProviderFileWriter.json(file)
        if case let .object(members) = head { head = .object(members.filter { $0.key != "operations" }) }
        let headBytes = Array(head.serialized(pretty: false).utf8)
        var table = ""
        var bodies: [UInt8] = []
        for operation in file.operations {
            let body = Array(ProviderFileWriter.operationObject(operation).serialized(pretty: false).utf8)
            table += [
                operation.name, operation.aliases.joined(separator: ","), operation.tags.joined(separator: String(Character(tagSeparator))),
                // A write's mark goes with its summary: the listing knows no method (``writeMark``).
                operation.path, String(bodies.count), String(body.count), operation.summary + operation.writeMark,
            ].joined(separator: "\t") + "\n"
            bodies += body
        }
        let header = "\(magic) \(ProviderIndex.version)\n\(fingerprint)\n\(stamp)\n\(headBytes.count) \(file.operations.count) \(bodies.count)\n"
        return Array(header.utf8) + headBytes + Array(table.utf8) + bodies
    }

    /// The provider file in `bytes` when they were compiled from a file of `stamp` against
    /// the same reserved names: every operation by its name, summary and path, and the one
    /// `running` names (by name or alias) whole; nil when the bytes are anything else.
    static func decode(
        _ bytes: [UInt8], stamp: FileStamp, fingerprint: String, running: String?, reader: ProviderFileReader
    ) -> ProviderFile? {
        var cursor = ByteCursor(bytes)
        guard cursor.line() == "\(magic) \(ProviderIndex.version)", cursor.line() == fingerprint,
              cursor.line() == stamp.description, let sizes = cursor.line()?.pieces(between: " "), sizes.count == 3,
              let headCount = Int(sizes[0]), let count = Int(sizes[1]), let bodiesCount = Int(sizes[2]), count > 1,
              let head = cursor.bytes(headCount), head.last == UInt8(ascii: "}")
        else { return nil }
        var operations: [ProviderFile.Operation] = []
        var places: [Range<Int>] = []
        operations.reserveCapacity(count)
        places.reserveCapacity(count)
        for _ in 0..<count {
            guard let fields = cursor.fields(7, separator: UInt8(ascii: "\t")), let outline = outline(fields, bodies: bodiesCount)
            else { return nil }
            operations.append(outline.operation)
            places.append(outline.body)
        }
        guard let bodies = cursor.bytes(bodiesCount), cursor.isAtEnd else { return nil }
        let chosen = running.flatMap { word in operations.firstIndex { $0.isNamed(word) } } ?? 0
        // The provider's fields with the chosen operation as its only one: a file the reader checks.
        let body = places[chosen]
        let text = bodies[(bodies.startIndex + body.lowerBound)..<(bodies.startIndex + body.upperBound)]
        let spliced = Array(head.dropLast()) + Array(#","operations":["#.utf8) + Array(text) + Array("]}".utf8)
        guard var file = try? reader.read(spliced), file.operations.count == 1, file.operations[0].name == operations[chosen].name
        else { return nil }
        operations[chosen] = file.operations[0]
        file.operations = operations
        return file
    }

    /// One line of the table, split at its tabs, as an operation known by its name, aliases,
    /// tags, path and summary alone, and where its text is among the bodies.
    private static func outline(_ fields: [ArraySlice<UInt8>], bodies: Int) -> (operation: ProviderFile.Operation, body: Range<Int>)? {
        let name = String(decoding: fields[0], as: UTF8.self)
        guard ProviderFile.isValidOperationName(name), let offset = ByteCursor.number(fields[4]), let length = ByteCursor.number(fields[5]),
              length > 0, offset <= bodies - length
        else { return nil }
        var operation = ProviderFile.Operation(
            name: name, summary: String(decoding: fields[6], as: UTF8.self), about: nil, path: String(decoding: fields[3], as: UTF8.self),
            words: nil, arguments: [], options: [], items: ItemsShape(.record, at: nil), id: nil, columns: [], paging: nil)
        if !fields[1].isEmpty {
            operation.aliases = fields[1].contains(UInt8(ascii: ","))
                ? ByteCursor.split(fields[1], at: UInt8(ascii: ",")) : [String(decoding: fields[1], as: UTF8.self)]
        }
        if !fields[2].isEmpty { operation.tags = ByteCursor.split(fields[2], at: UInt8(tagSeparator.value)) }
        return (operation, offset..<(offset + length))
    }
}

/// Reads lines and byte runs from the front of an index file.
struct ByteCursor {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position == bytes.count }

    /// The text up to the next line break, which is passed; nil at the end or for bytes that are not UTF-8.
    mutating func line() -> String? {
        guard let end = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        defer { position = end + 1 }
        return String(validating: bytes[position..<end], as: UTF8.self)
    }

    /// The next line's bytes in `count` fields split at `separator`, the last holding the rest
    /// of the line; nil when the line has fewer, or there is none. By bytes, for a table of
    /// thousands of lines.
    mutating func fields(_ count: Int, separator: UInt8) -> [ArraySlice<UInt8>]? {
        guard let end = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        var fields: [ArraySlice<UInt8>] = []
        fields.reserveCapacity(count)
        var start = position
        var index = position
        while index < end, fields.count < count - 1 {
            if bytes[index] == separator {
                fields.append(bytes[start..<index])
                start = index + 1
            }
            index += 1
        }
        fields.append(bytes[start..<end])
        position = end + 1
        return fields.count == count ? fields : nil
    }

    /// A whole number written in ASCII digits; nil for anything else.
    static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count < 16 else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// The texts between each `separator`, empty ones left out.
    static func split(_ bytes: ArraySlice<UInt8>, at separator: UInt8) -> [String] {
        bytes.split(separator: separator).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The next `count` bytes; nil when fewer are left.
    mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= bytes.count - position else { return nil }
        defer { position += count }
        return bytes[position..<(position + count)]
    }
}
