#if canImport(CYAMLShim)
import CYAMLShim

/// One libyaml parser over a document's bytes, giving its events as Swift values.
///
/// Events, not libyaml's document loader: the loader links an alias to the node it
/// names, so `&a [*a]` is a cycle and a "billion laughs" document a graph that is
/// cheap to hold and exponential to walk. Reading events lets ``YAMLTreeBuilder``
/// count what every alias adds and refuse a cycle by name.
struct YAMLEvents: ~Copyable {
    /// Where an event starts, 1-based (libyaml counts from 0; its column counts characters).
    struct Mark {
        var line: Int
        var column: Int
    }

    enum Event {
        case streamStart, streamEnd, documentEnd
        case documentStart(Mark)
        case alias(anchor: String, Mark)
        case scalar(text: String, anchor: String?, tag: String?, plain: Bool, Mark)
        case sequenceStart(anchor: String?, Mark)
        case mappingStart(anchor: String?, Mark)
        case sequenceEnd, mappingEnd
    }

    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let bytes: UnsafeBufferPointer<UInt8>

    /// `bytes` must stay valid while this parser lives: libyaml reads them in place.
    init(bytes: UnsafeBufferPointer<UInt8>) throws(DocumentError) {
        parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        self.bytes = bytes
        guard apicli_yaml_parser_initialize(parser) != 0 else {
            parser.deallocate()
            throw DocumentError(.limit, "libyaml could not start a parser (out of memory)")
        }
        apicli_yaml_parser_set_utf8_input(parser, bytes.baseAddress, bytes.count)
    }

    deinit {
        apicli_yaml_parser_delete(parser)
        parser.deallocate()
    }

    mutating func next() throws(DocumentError) -> Event {
        var event = yaml_event_t()
        guard apicli_yaml_parser_parse(parser, &event) != 0 else { throw parseError() }
        defer { apicli_yaml_event_delete(&event) }
        let mark = Mark(line: event.start_mark.line + 1, column: event.start_mark.column + 1)
        switch event.type {
        case YAML_STREAM_START_EVENT: return .streamStart
        case YAML_STREAM_END_EVENT: return .streamEnd
        case YAML_DOCUMENT_START_EVENT: return .documentStart(mark)
        case YAML_DOCUMENT_END_EVENT: return .documentEnd
        case YAML_ALIAS_EVENT: return .alias(anchor: Self.text(event.data.alias.anchor) ?? "", mark)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) } ?? ""
            return .scalar(text: text, anchor: Self.text(scalar.anchor), tag: Self.text(scalar.tag),
                           plain: scalar.style == YAML_PLAIN_SCALAR_STYLE, mark)
        case YAML_SEQUENCE_START_EVENT: return .sequenceStart(anchor: Self.text(event.data.sequence_start.anchor), mark)
        case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
        case YAML_MAPPING_START_EVENT: return .mappingStart(anchor: Self.text(event.data.mapping_start.anchor), mark)
        case YAML_MAPPING_END_EVENT: return .mappingEnd
        default: throw DocumentError(.syntax, line: mark.line, column: mark.column, "libyaml gave an event apicli does not know")
        }
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// libyaml's error, at its line and column. Its messages are fixed English text;
    /// the character a reader error names is described, never copied.
    private func parseError() -> DocumentError {
        let state = parser.pointee
        let problem = DocumentText.safe(state.problem.map { String(cString: $0) } ?? "libyaml could not read the document")
        switch state.error {
        case YAML_MEMORY_ERROR:
            return DocumentError(.limit, "libyaml ran out of memory reading the document")
        case YAML_READER_ERROR:
            let (line, column) = DocumentEncoding.position(of: state.problem_offset, in: bytes)
            let character = state.problem_value >= 0
                ? Unicode.Scalar(UInt32(state.problem_value)).map { " (" + DocumentText.character($0) + ")" } ?? "" : ""
            return DocumentError(.syntax, line: line, column: column, problem + character)
        default:
            var reason = problem
            if state.error == YAML_SCANNER_ERROR,
               let index = DocumentEncoding.index(line: state.problem_mark.line + 1, characterColumn: state.problem_mark.column + 1, in: bytes) {
                let scalar = DocumentEncoding.scalar(at: index, in: bytes)
                reason += scalar == "\t" ? ": a tab, and YAML indents with spaces" : ": " + DocumentText.character(scalar)
            }
            if let context = state.context {
                reason += " (" + DocumentText.safe(String(cString: context))
                    + " that starts on line \(state.context_mark.line + 1), column \(state.context_mark.column + 1))"
            }
            return DocumentError(.syntax, line: state.problem_mark.line + 1, column: state.problem_mark.column + 1, reason)
        }
    }
}
#endif
