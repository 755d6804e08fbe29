#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import APICore
import ProviderFiles

/// `apicli provider add NAME …`: builds a provider file from flags (columns
/// guessed from one answer) or from an OpenAPI operation, checks it with the
/// same reader every run uses, and writes it owner-only into the providers folder.
struct ProviderAdd: Sendable {
    let host: Host
    let values: [String: String]
    let options: RunOptions

    struct Added {
        var path: String
        var columns: String
        /// The operations' names when the provider has several.
        var operations: [String]
        /// One line per operation the import left out, with the reason.
        var skipped: [String]
        /// What the import took from the sample rather than from the document.
        var notes: [String] = []
        /// The closing line: how to run it (``AddedHint``).
        var hint: String = ""
    }

    func add(_ name: String) async throws -> Added {
        let directory = host.providerDirectory
        guard ProviderDescriptor.isValidName(name) else {
            throw UsageError("'\(name)' cannot name a provider: use lowercase letters, digits and dashes, starting with a letter")
        }
        if !directory.reserved.allowsProvider(named: name) {
            throw UsageError("'\(name)' is taken by a compiled provider or a built-in command; choose another name")
        }
        let path = directory.filePath(for: name)
        if FileManager.default.fileExists(atPath: path) {
            throw CLIError("\(path) exists already; run 'apicli provider remove \(name)' first", exitCode: .usage)
        }
        var file: ProviderFile
        var skipped: [String] = []
        var notes: [String] = []
        if let document = values["openapi"] {
            let operations = values["operation"].map(ProviderFileCommand.repeated) ?? []
            let access = try await openAPIAccess(document)
            do {
                var importer = OpenAPIImport(
                    name: name, documentPath: document, operations: operations, wordsParameter: values["query-param"],
                    reservedOptions: directory.reserved.options)
                importer.access = access
                importer.itemsPath = try values["items"].map(Self.itemsPath)
                importer.readOperations = values["read"].map(ProviderFileCommand.repeated) ?? []
                let imported = try importer.imported()
                file = imported.file
                skipped = imported.skipped.map { "left out \($0.operation): \($0.reason)" }
            } catch let error as OpenAPIImportError {
                // A document that describes the API in a way apicli cannot use is a configuration
                // problem (78), as a provider file described wrongly is; nothing is written.
                let code: ExitCode = switch error.kind {
                case .unreadable: .noInput
                case .unusable: .configuration
                case .unavailable: .unavailable
                case .usage: .usage
                }
                throw CLIError(error.description, exitCode: code)
            }
            if values["items"] != nil, file.operations.count > 1 {
                throw UsageError("--items applies to one operation; give --operation OP with it")
            }
            if let sample = values["sample"] {
                notes += try fitSample(&file, try SampleCheck.document(at: sample))
            }
        } else {
            file = try fromFlags(name)
            try guessColumns(&file, from: try await sample(for: file))
        }
        if let summary = values["summary"] { file.summary = summary }
        try applyAccess(&file)
        let text = ProviderFileWriter.text(file)
        // What is written must read back: the same checks as every run.
        do {
            _ = try ProviderFileReader(file: path, expectedName: name, reserved: directory.reserved).read(Array(text.utf8))
        } catch {
            throw CLIError("the file made for \(name) does not pass its checks: \(error.description)", exitCode: .configuration)
        }
        try write(text, to: path, folder: directory.path)
        return Added(
            path: path,
            columns: file.primary.columns.isEmpty ? "from each answer" : file.primary.columns.map(\.name).joined(separator: ", "),
            operations: file.operations.count > 1 ? file.operations.map(\.name) : [], skipped: skipped, notes: notes,
            hint: AddedHint.line(for: file, path: path))
    }

    /// `--items` with `--openapi`: a key path, or `.` for an answer that is a bare list.
    static func itemsPath(_ text: String) throws -> ProviderFiles.KeyPath? {
        if text == "." { return nil }
        guard let path = ProviderFiles.KeyPath(text) else {
            throw UsageError("--items must be a key path such as items or response.docs, or . for a bare list")
        }
        return path
    }

    /// An imported operation checked against a saved answer: the answer's shape wins over the
    /// document's (unless `--items` said where the list is), and a list's columns come from its items.
    private func fitSample(_ file: inout ProviderFile, _ document: JSONValue) throws -> [String] {
        var notes: [String] = []
        let declared = file.primary.items
        if !declared.fits(document) {
            guard values["items"] == nil, let seen = AnswerShapeGuess.shape(of: document) else {
                try guessColumns(&file, from: document)
                return notes
            }
            notes.append("the sample is \(seen.phrase), not \(declared.phrase) as the document says; imported as the sample is")
            file.primary.items = seen
        }
        guard let elements = file.primary.items.elements(in: document),
              file.primary.items.kind == .list || (file.primary.items.kind == .any && AnswerShapeGuess.shape(of: document)?.kind == .list)
        else { return notes }
        try guessColumns(&file, fromItems: elements)
        return notes
    }

    private func fromFlags(_ name: String) throws -> ProviderFile {
        func required(_ option: String) throws -> String {
            guard let value = values[option], !value.isEmpty else {
                throw UsageError("provider add needs --\(option) (or --openapi FILE --operation OP); see 'apicli provider --help'")
            }
            return value
        }
        let base = try required("base-url")
        guard let url = URL(string: base), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw UsageError("--base-url must be an http:// or https:// URL, not '\(base)'")
        }
        let path = try required("path")
        guard let items = ProviderFiles.KeyPath(try required("items")) else {
            throw UsageError("--items must be a key path such as hits or response.docs")
        }
        let words = try required("query-param")
        let placement: CredentialPlacement?
        switch (values["no-key"] == "true", values["key-param"], values["key-header"], values["bearer"] == "true") {
        case (true, nil, nil, false): placement = nil
        case let (false, parameter?, nil, false): placement = .query(parameter)
        case let (false, nil, header?, false):
            if let problem = KeyHeaderName.problem(with: header) { throw UsageError("--key-header: " + problem) }
            placement = .header(header)
        case (false, nil, nil, true): placement = .bearer
        default: throw UsageError("give exactly one of --no-key, --key-param P, --key-header H or --bearer")
        }
        let key = placement.map {
            ProviderFile.Key(placement: $0, environmentVariable: ProviderFile.keyVariable(for: name), signupURL: nil)
        }
        return ProviderFile(
            name: name, summary: "Search \(url.host.map { $0.contains(":") ? "[\($0)]" : $0 } ?? name) (a provider file).", about: nil, displayName: nil,
            baseURL: url, path: path.startsWithLiteral("/") ? path : "/" + path, words: .parameter(words), key: key,
            options: [], items: .list(items), id: nil, columns: [], paging: nil, rateLimits: [], cacheSeconds: 600)
    }

    /// The answer to guess from: `--sample FILE`, else one live request when the API needs no key.
    private func sample(for file: ProviderFile) async throws -> JSONValue {
        if let path = values["sample"] { return try SampleCheck.document(at: path) }
        guard file.key == nil else {
            throw UsageError("an API with a key needs --sample FILE (a saved answer) to guess the columns from")
        }
        return try await SampleFetch(environment: host.environment, options: options)
            .fetch(file, words: values["sample-words"] ?? "test")
    }

    /// Fills the id and columns from the sample's items; the items must be where the file says.
    private func guessColumns(_ file: inout ProviderFile, from document: JSONValue) throws {
        guard case let .array(items)? = file.primary.items.value(in: document) else {
            let nearest = file.primary.items.nearestExisting(in: document)
            let has = nearest.names.isEmpty ? "" : "; \(nearest.found.isEmpty ? "it" : "'\(nearest.found)'") has: "
                + nearest.names.prefix(8).joined(separator: ", ")
            throw UsageError("the sample answer has no array at '\(file.primary.items)'\(has); fix --items")
        }
        try guessColumns(&file, fromItems: items)
    }

    private func guessColumns(_ file: inout ProviderFile, fromItems items: [JSONValue]) throws {
        let fields = ColumnGuess.fields(ofItems: items)
        let id = ColumnGuess.id(among: fields, items: items)
        let columns = ColumnGuess.columns(from: fields, id: id)
        guard !columns.isEmpty else {
            throw UsageError("the sample's items have no fields to show; is '\(file.primary.items)' the right array?")
        }
        file.primary.id = id.flatMap(ProviderFiles.KeyPath.init)
        file.primary.columns = columns
    }

    /// Writes owner-only (0600) into an owner-only folder (0700), atomically.
    private func write(_ text: String, to path: String, folder: String) throws {
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CLIError("cannot write \(path): \(SystemErrorText.describe(error))", exitCode: .software)
        }
        do {
            try OwnerOnlyFile.save(text, to: path)
        } catch {
            // A full disk or a file-size limit is an I/O error (74).
            throw CLIError("cannot write \(path): \(error.reason)", exitCode: error.isDisk ? .ioError : .software)
        }
    }
}
