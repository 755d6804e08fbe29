import APICore

/// What `apicli help NAME` says about the key and the header settings, and what an
/// option's help adds from its declaration: where the key goes and what it holds, whether
/// the API answers without it, which operations send none, and how to set a header the
/// API asks for.
extension ProviderFile {
    /// Paragraphs for the provider's help, after what the file itself says; empty without a key or headers.
    var accessParagraphs: String {
        var paragraphs: [String] = []
        if let key {
            let setting = "\(key.environmentVariable) or 'apicli config set \(keyOf ?? name).api-key'"
            let holds = switch key.placement {
            case .basic:
                "It is sent as HTTP basic and holds user:password; a key without ':' is sent as key: "
                    + "(the key as the user name, with no password, as Stripe's secret keys are)."
            case .bearer: "It is sent as 'Authorization: Bearer <key>'."
            case let .header(header): "It is sent in the \(header) header."
            case let .query(parameter): "It is sent as the \(parameter) query parameter."
            }
            paragraphs.append(key.optional
                ? "The key is optional: the API answers without it. Set \(setting) to send it. " + holds
                : "The key comes from \(setting). " + holds)
            let keyless = operations.filter { !$0.sendsKey }.map(\.name)
            if !keyless.isEmpty, operations.count > 1 {
                paragraphs.append("These operations send no key: \(keyless.joined(separator: ", ")).")
            }
        }
        for header in headers {
            let without = header.header.lowercased() == "user-agent" ? "with apicli's own User-Agent" : "without it"
            paragraphs.append(
                "The API asks every request for the \(header.header) header. \(header.help) Set it once with "
                    + "'apicli config set \(name).\(header.name) VALUE' or \(variable(of: header)), or for one run with "
                    + "--\(header.name). Until it is set each run says so, and the request goes \(without).")
        }
        return paragraphs.map { "\n\n" + $0 }.joined()
    }

    /// An operation's help paragraphs: the file's `about`, and whether it sends the key.
    func operationDiscussion(of operation: Operation) -> String {
        guard key != nil, !operation.sendsKey else { return operation.about ?? "" }
        return (operation.about.map { $0 + "\n\n" } ?? "") + "Sends no key: the API answers it without one."
    }
}

extension ProviderFile.Option {
    /// ` (pattern: ^\d+$) (the API's default: 20)`: what the declaration adds to the help line.
    var constraintNote: String {
        (pattern.map { " (pattern: \($0))" } ?? "") + (apiDefault.map { " (the API's default: \($0))" } ?? "")
    }
}
