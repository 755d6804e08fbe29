import APICore

extension ProviderFileWriter {
    /// `headers`: each setting's header, option name and help.
    static func headers(_ headers: [ProviderFile.Header]) -> JSONValue {
        .array(headers.map { header in
            .object([
                .init("header", .string(header.header)), .init("name", .string(header.name)), .init("help", .string(header.help)),
            ])
        })
    }
}
