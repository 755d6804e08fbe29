import APICore
import APIDocuments
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The server, key and header settings of an imported provider, gathered operation by
/// operation: one origin and one key for all (see docs/design/0021), each operation
/// sending the key or not as its own security says.
///
/// The key is the first keyed operation's. An operation the API answers without a key
/// stays, and sends none (`"key": "none"`), whatever the others need; one that needs a
/// different key is left out. The key is optional when every operation that sends it
/// can go without it; when one needs it, all that send it ask for it.
struct ImportedAccess {
    private(set) var origin: URL?
    private(set) var placement: CredentialPlacement?
    /// Whether an operation that sends the key cannot go without it.
    private(set) var keyRequired = false
    /// The identification headers the operations' security names, in order.
    private(set) var identification: [String] = []
    /// The first OAuth2 scheme's flows, when the key is a token apicli signs in for.
    private(set) var oauth2: ProviderFile.OAuth2?

    /// Refuses an operation served elsewhere, or asking for another key than the first keyed one.
    func check(_ origin: URL, _ key: KeyChoice, of operation: DocumentNode, in document: OpenAPIDocument) throws {
        if let known = self.origin, known != origin {
            throw document.error(operation, "served from another server than the first operation")
        }
        if let known = placement, let wanted = key.placement, known != wanted {
            throw document.error(operation, "asks for another key than the first operation that sends one")
        }
    }

    mutating func admit(_ origin: URL, _ key: KeyChoice) {
        self.origin = self.origin ?? origin
        if let wanted = key.placement {
            placement = placement ?? wanted
            oauth2 = oauth2 ?? key.oauth2
            if key.use == .required { keyRequired = true }
        }
        for header in key.identification where !identification.contains(header) { identification.append(header) }
    }

    /// The provider's key, if any operation sends one.
    func key(name: String, signupURL: String?) -> ProviderFile.Key? {
        placement.map {
            var key = ProviderFile.Key(placement: $0, environmentVariable: ProviderFile.keyVariable(for: name), signupURL: signupURL)
            key.optional = !keyRequired
            key.oauth2 = oauth2
            return key
        }
    }

    /// The operations as the file holds them: without a key in the provider, every one
    /// "sends" it (there is none); a keyless one never has an option for the key's parameter.
    func operations(_ operations: [ProviderFile.Operation]) -> [ProviderFile.Operation] {
        guard let placement else { return operations.map { var operation = $0; operation.sendsKey = true; return operation } }
        return operations.map { operation in
            guard !operation.sendsKey, case let .query(parameter) = placement else { return operation }
            var keyless = operation
            keyless.options.removeAll { $0.parameter == parameter }
            return keyless
        }
    }

    /// `file` with a header setting for each identification.
    func withHeaders(_ file: ProviderFile) -> ProviderFile {
        var file = file
        file.headers = identification.map { header in
            ProviderFile.Header(name: ProviderFile.Header.optionName(for: header), header: header, help: Self.help(for: header))
        }
        return file
    }

    static func help(for header: String) -> String {
        header.lowercased() == "from"
            ? "The email address of whoever is responsible for the requests."
            : "Identifies you to the API: an app name and a way to reach you, such as 'myapp (me@example.org)'."
    }
}
