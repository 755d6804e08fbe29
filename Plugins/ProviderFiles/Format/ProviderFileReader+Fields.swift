import APICore
import APIDocuments

/// The per-operation fields of a provider file that take the most checking:
/// options and their types, columns, and page or offset paging.
extension ProviderFileReader {
    func readOptions(_ fields: inout FieldReader, paging: ProviderFile.Paging?) -> [ProviderFile.Option]? {
        guard let nodes = fields.array("options", maxCount: 32) else { return fields.node["options"] == nil ? [] : nil }
        var taken = reserved.options
        if paging != nil { taken.formUnion(["page", "pages"]) }
        return fields.objects(nodes, at: "options", known: Self.optionFields) { option, node in
            let name = option.string("name", maxLength: 40)
            if let name, !ProviderDescriptor.isValidName(name) {
                option.problem("name", line: node["name"]?.line, "'\(name)' must be lowercase letters, digits and dashes")
            } else if let name, !taken.insert(name).inserted {
                option.problem("name", line: node["name"]?.line, "--\(name) is already an option; choose another name")
            }
            let parameter = option.parameter("parameter")
            let type = readOptionType(&option, node: node)
            let help = option.string("help", required: false, maxLength: 300) ?? "Sent as the \(parameter ?? "") parameter."
            let value = option.string("default", required: false, maxLength: 300)
            let required = option.bool("required") ?? false
            let pattern = readPattern(&option, node: node, type: type)
            let apiDefault = option.string("apiDefault", required: false, maxLength: 300)
            let inBody = readPlace(&option, node: node)
            let secret = readSecret(&option, node: node, inBody: inBody)
            guard let name, let parameter, let type else { return nil }
            var read = ProviderFile.Option(
                name: name, parameter: parameter, type: type, help: help, defaultValue: value, required: required)
            read.pattern = pattern
            read.apiDefault = apiDefault
            read.inBody = inBody
            read.secret = secret
            return read
        }
    }

    func readOptionType(_ option: inout FieldReader, node: DocumentNode) -> ProviderFile.OptionType? {
        let kinds = ["text", "integer", "date", "choice"]
        guard let type = option.string("type") else { return nil }
        switch type {
        case "text":
            return .text
        case "integer":
            let minimum = option.int("minimum", in: Int(Int32.min)...Int(Int32.max))
            let maximum = option.int("maximum", in: Int(Int32.min)...Int(Int32.max))
            if let minimum, let maximum, minimum > maximum {
                option.problem("maximum", line: node["maximum"]?.line, "is below the minimum \(minimum)")
            }
            return .integer(minimum: minimum, maximum: maximum)
        case "date":
            guard let format = option.string("format", maxLength: 20) else { return nil }
            guard DateWireFormat.isValid(format) else {
                option.problem("format", line: node["format"]?.line,
                               "'\(format)' must spell yyyy, MM and dd once each, with -, / or . between (e.g. yyyyMMdd)")
                return nil
            }
            return .date(format: format)
        case "choice":
            guard let nodes = option.array("choices", required: true, maxCount: Self.maxChoices) else { return nil }
            let choices = nodes.compactMap(\.string)
            guard !choices.isEmpty, choices.count == nodes.count else {
                option.problem("choices", line: node["choices"]?.line, "must be a non-empty array of strings")
                return nil
            }
            // Choices are shown by help, completions and the man page, and sent as they are.
            if let bad = nodes.first(where: { $0.string.map(TerminalSanitizer.controlsTerminal) ?? false }) {
                option.problem("choices", line: bad.line, "must not contain terminal controls or bidi characters")
                return nil
            }
            return .choice(choices)
        default:
            var message = "unknown type '\(type)'; use \(kinds.joined(separator: ", "))"
            if let near = NearestName.suggest(type, among: kinds) { message += " (did you mean '\(near)'?)" }
            option.problem("type", line: node["type"]?.line, message)
            return nil
        }
    }

    func readColumns(_ fields: inout FieldReader, allowingNone: Bool) -> [ProviderFile.Column]? {
        guard let nodes = fields.array("columns", required: true, maxCount: 32) else { return nil }
        guard !nodes.isEmpty || allowingNone else {
            fields.problem("columns", line: fields.node["columns"]?.line, "give at least one column")
            return nil
        }
        var names = Set<String>()
        return fields.objects(nodes, at: "columns", known: Self.columnFields) { column, node in
            let name = column.string("name", maxLength: 40)
            if let name, !names.insert(name).inserted {
                column.problem("name", line: node["name"]?.line, "'\(name)' is used by another column")
            }
            let path = column.keyPath("path")
            var kind: ProviderFile.ColumnKind?
            if let text = column.string("kind") {
                kind = ProviderFile.ColumnKind(rawValue: text)
                if kind == nil {
                    let all = ProviderFile.ColumnKind.allCases.map(\.rawValue)
                    var message = "unknown kind '\(text)'; use \(all.joined(separator: ", "))"
                    if let near = NearestName.suggest(text, among: all) { message += " (did you mean '\(near)'?)" }
                    column.problem("kind", line: node["kind"]?.line, message)
                }
            }
            let searchable = column.bool("searchable") ?? false
            guard let name, let path, let kind else { return nil }
            return ProviderFile.Column(name: name, path: path, kind: kind, searchable: searchable)
        }
    }

    func readPaging(_ fields: inout FieldReader) -> ProviderFile.Paging? {
        guard let node = fields.object("paging") else { return nil }
        var paging = FieldReader(node, prefix: "paging")
        paging.refuseUnknown(Self.pagingFields)
        defer { fields.absorb(paging) }
        var style: ProviderFile.Paging.Style?
        if let text = paging.string("style") {
            style = ProviderFile.Paging.Style(rawValue: text)
            if style == nil {
                paging.problem("style", line: node["style"]?.line, "unknown style '\(text)'; use page, offset, cursor, next or link")
            }
        }
        if let style { refuseFieldsOfOtherStyles(style, &paging) }
        if let style, style.followsAnswer { return readAnswerPaging(style, &paging) }
        let parameter = paging.parameter("parameter")
        let first = paging.int("first", in: 0...1) ?? 0
        let sizeParameter = paging.parameter("sizeParameter", required: false)
        let step = readStep(style, &paging)
        let size = paging.int("size", in: 1...1_000, required: step == .size || sizeParameter != nil) ?? 100
        let maxPage = paging.int("maxPage", in: 0...10_000) ?? 99
        let total = paging.keyPath("total", required: false)
        guard let style, let parameter, let step else { return nil }
        var read = ProviderFile.Paging(
            style: style, parameter: parameter, first: style == .offset ? 0 : first, size: size,
            sizeParameter: sizeParameter, maxPage: max(maxPage, first), total: total)
        read.step = step
        return read
    }
}
