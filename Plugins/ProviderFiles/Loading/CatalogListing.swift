import APICore

/// The index's catalog (`.index/catalog`): for every provider file, its name, stamp and
/// what listing it needs — its description's ``ListedDescriptor`` part and how many
/// operations it has, or the file's error — so that `apicli --help`, `providers` and
/// completions read one short file, not every provider file.
///
///     apicli-catalog 1
///     <fingerprint of the reserved names>
///     <entries>
///     stripe<TAB><stamp><TAB>ok<TAB>215<TAB><bytes>
///     {"summary":"Stripe API (215 operations)","displayName":"Stripe API",…}
///     broken<TAB><stamp><TAB>error<TAB>0<TAB><bytes>
///     …/broken.json: summary: missing
struct CatalogListing {
    static let magic = "apicli-catalog"

    struct Entry: Sendable, Equatable {
        var name: String
        var stamp: FileStamp
        var content: Content
    }

    enum Content: Sendable, Equatable {
        /// The file's listed description (``ListedDescriptor``) as JSON, and how many operations it has.
        case listed(text: [UInt8], operations: Int)
        /// The file's error, as `apicli providers` shows it.
        case broken(String)
    }

    var entries: [Entry]

    /// What listing `file` (read from `source`) needs: ``ListedDescriptor``'s part of its description.
    static func listed(_ file: ProviderFile, source: String) -> Content {
        let text = ListedDescriptor.encode(file.descriptor(source: source)).serialized(pretty: false)
        return .listed(text: Array(text.utf8), operations: file.operations.count)
    }

    func encode(fingerprint: String) -> [UInt8] {
        var out = Array("\(Self.magic) \(ProviderIndex.version)\n\(fingerprint)\n\(entries.count)\n".utf8)
        for entry in entries {
            let (kind, count, payload): (String, Int, [UInt8]) = switch entry.content {
            case let .listed(text, operations): ("ok", operations, text)
            case let .broken(error): ("error", 0, Array(error.utf8))
            }
            out += Array("\(entry.name)\t\(entry.stamp)\t\(kind)\t\(count)\t\(payload.count)\n".utf8) + payload
        }
        return out
    }

    /// The catalog in `bytes` when this build with these reserved names wrote it; nil otherwise.
    static func decode(_ bytes: [UInt8], fingerprint: String) -> CatalogListing? {
        var cursor = ByteCursor(bytes)
        guard cursor.line() == "\(magic) \(ProviderIndex.version)", cursor.line() == fingerprint,
              let count = cursor.line().flatMap({ Int($0) }), count >= 0
        else { return nil }
        var entries: [Entry] = []
        for _ in 0..<count {
            guard let fields = cursor.fields(5, separator: UInt8(ascii: "\t")) else { return nil }
            let name = String(decoding: fields[0], as: UTF8.self)
            guard ProviderDescriptor.isValidName(name), let stamp = FileStamp(Substring(String(decoding: fields[1], as: UTF8.self))),
                  let operations = ByteCursor.number(fields[3]), let length = ByteCursor.number(fields[4]),
                  let payload = cursor.bytes(length)
            else { return nil }
            switch String(decoding: fields[2], as: UTF8.self) {
            case "ok": entries.append(Entry(name: name, stamp: stamp, content: .listed(text: Array(payload), operations: operations)))
            case "error":
                guard let error = String(validating: payload, as: UTF8.self) else { return nil }
                entries.append(Entry(name: name, stamp: stamp, content: .broken(error)))
            default: return nil
            }
        }
        return cursor.isAtEnd ? CatalogListing(entries: entries) : nil
    }
}
