#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore
import ProviderFiles

/// The access flags of `apicli provider add`: where the document and the API are
/// (`--openapi URL`, `--base-url`, `--server N`, `--bearer`), whose key it uses
/// (`--key-of`), and how fast it may be asked (`--rate`, `--spacing`).
extension ProviderAdd {
    /// `--openapi`'s document: a file as it is, or an http(s) URL fetched once, and
    /// the server flags. A `file:` or any other URL is refused (64), so a document
    /// never makes apicli read a path the user did not type as one.
    func openAPIAccess(_ document: String) async throws -> OpenAPIAccess {
        var access = OpenAPIAccess()
        if let text = values["base-url"] { access.baseURL = try Self.baseURL(text, flag: "--base-url") }
        if values["server"] != nil && values["base-url"] != nil {
            throw UsageError("give --base-url (which replaces the document's servers) or --server N, not both")
        }
        if let text = values["server"] {
            guard let index = Int(text), index >= 1 else { throw UsageError("--server must be a number from 1, not '\(text)'") }
            access.server = index
        }
        access.bearer = values["bearer"] == "true"
        access.noKey = values["no-key"] == "true"
        if access.bearer && access.noKey { throw UsageError("give --no-key or --bearer, not both") }
        if let (scheme, rest) = document.cut(atFirst: ":"), scheme.allSatisfy({ $0.isLetter }),
           rest.startsWithLiteral("//") || document.lowercased().startsWithLiteral("file:") {
            let url = try Self.baseURL(document, flag: "--openapi")
            let fetched = try await DocumentFetch(environment: host.environment, options: options).fetch(url)
            access.requestedDocumentURL = url
            access.documentURL = fetched.url
            access.documentBytes = fetched.bytes
        }
        return access
    }

    /// `--key-of`, `--rate` and `--spacing`, on a file made from flags or a document.
    func applyAccess(_ file: inout ProviderFile) throws {
        if let owner = values["key-of"] {
            guard file.key != nil else { throw UsageError("--key-of \(owner): \(file.name) needs no key, so it shares none") }
            guard owner != file.name, knowsKey(of: owner) else {
                throw UsageError("--key-of \(owner): no provider named '\(owner)' has a key; see 'apicli providers'")
            }
            file.keyOf = owner
            file.key?.environmentVariable = ProviderFile.keyVariable(of: owner, reserved: host.providerDirectory.reserved)
        }
        if let text = values["rate"] {
            switch RateText.limits(text) {
            case let .success(limits): file.rateLimits = limits
            case let .failure(problem): throw UsageError("--rate \(text): \(problem.description)")
            }
        }
        if let text = values["spacing"] {
            guard let seconds = Int(text), (1...3_600).contains(seconds) else {
                throw UsageError("--spacing must be a whole number of seconds from 1 to 3600, not '\(text)'")
            }
            file.spacing = seconds
        }
    }

    /// A compiled provider with a key, or an installed provider file with one.
    private func knowsKey(of owner: String) -> Bool {
        let directory = host.providerDirectory
        if directory.reserved.keyVariables[owner] != nil { return true }
        guard let provider = try? directory.provider(named: owner) else { return false }
        return provider.descriptor.credential != nil
    }

    /// An http(s) URL with a host, else a usage error naming the flag.
    static func baseURL(_ text: String, flag: String) throws -> URL {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
              url.host?.isEmpty == false
        else {
            throw UsageError("\(flag) must be an http:// or https:// URL, not '\(URLPassword.redacted(text))'")
        }
        if let port = url.port, !(1...65_535).contains(port) {
            throw UsageError("\(flag): the port \(port) is not a port number (1 to 65535)")
        }
        return url
    }
}
