import APICore
@testable import ProviderFiles
import Foundation
import Testing

/// Where an imported provider sends its requests and its key: the document's
/// servers and security schemes, and the flags that override them.
@Suite("OpenAPI servers and key schemes")
struct ServerAndSecurityChoiceTests {
    /// A one-operation OpenAPI 3 document around `servers`, the operation's `security` and the document's.
    static func document(
        servers: String = #""servers": [{"url": "https://api.example.org/v1"}],"#, operationSecurity: String = "",
        security: String = "", schemes: String = "{}"
    ) -> [UInt8] {
        Array("""
            {"openapi": "3.0.3", "info": {"title": "Example", "version": "1"}, \(servers) \(security)
             "components": {"securitySchemes": \(schemes)},
             "paths": {"/search": {"get": {"operationId": "search", \(operationSecurity)
               "parameters": [{"name": "q", "in": "query", "schema": {"type": "string"}}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {
                 "type": "object", "properties": {"items": {"type": "array", "items": {"type": "object",
                 "properties": {"id": {"type": "string"}, "title": {"type": "string"}}}}}}}}}}}}}}
            """.utf8)
    }

    static let allSchemes = """
        {"query": {"type": "apiKey", "in": "query", "name": "api_key"},
         "token": {"type": "http", "scheme": "bearer"},
         "login": {"type": "http", "scheme": "Basic"},
         "oauth": {"type": "oauth2", "flows": {}},
         "oidc": {"type": "openIdConnect", "openIdConnectUrl": "https://example.org/.well-known"},
         "digest": {"type": "http", "scheme": "digest"}}
        """

    static func imported(_ bytes: [UInt8], access: OpenAPIAccess = OpenAPIAccess()) throws -> ProviderFile {
        var importer = OpenAPIImport(name: "example", documentPath: "example.json", operation: "search", wordsParameter: nil)
        importer.access = access
        importer.access.documentBytes = bytes
        return try importer.providerFile()
    }

    static func failure(_ bytes: [UInt8], access: OpenAPIAccess = OpenAPIAccess()) -> OpenAPIImportError? {
        do {
            _ = try imported(bytes, access: access)
            return nil
        } catch {
            return error as? OpenAPIImportError
        }
    }

    @Test("server variables are filled from their defaults")
    func variables() throws {
        let servers = #""servers": [{"url": "{scheme}://{host}:{port}/api/{version}", "variables": {"scheme": {"default": "https", "enum": ["https", "http"]}, "host": {"default": "eu.example.org"}, "port": {"default": "8443"}, "version": {"default": "v2"}}}],"#
        let file = try Self.imported(Self.document(servers: servers))
        #expect(file.baseURL.absoluteString == "https://eu.example.org:8443")
        #expect(file.primary.path == "/api/v2/search")
    }

    @Test("a variable without a default, or a placeholder no variable defines, is one clear error")
    func missingVariable() {
        let noDefault = #""servers": [{"url": "https://{region}.example.org", "variables": {"region": {"enum": ["eu"]}}}],"#
        #expect(Self.failure(Self.document(servers: noDefault))?.description.contains("'region' has no default") == true)
        let undefined = #""servers": [{"url": "https://{region}.example.org"}],"#
        let error = Self.failure(Self.document(servers: undefined))
        #expect(error?.kind == .unusable)
        #expect(error?.description.contains("{region}") == true, "\(String(describing: error))")
    }

    @Test("--server N picks one of several; out of range names how many there are")
    func serverIndex() throws {
        let servers = #""servers": [{"url": "https://one.example.org"}, {"url": "https://two.example.org/base/"}],"#
        #expect(try Self.imported(Self.document(servers: servers)).baseURL.host == "one.example.org")
        let second = try Self.imported(Self.document(servers: servers), access: OpenAPIAccess(server: 2))
        #expect(second.baseURL.host == "two.example.org")
        #expect(second.primary.path == "/base/search")
        let error = Self.failure(Self.document(servers: servers), access: OpenAPIAccess(server: 3))
        #expect(error?.kind == .usage)
        #expect(error?.description.contains("has 2 servers") == true, "\(String(describing: error))")
    }

    @Test("--base-url replaces the document's servers")
    func baseURL() throws {
        let access = OpenAPIAccess(baseURL: URL(string: "http://127.0.0.1:8080/proxy/"))
        let file = try Self.imported(Self.document(), access: access)
        #expect(file.baseURL.absoluteString == "http://127.0.0.1:8080")
        #expect(file.primary.path == "/proxy/search")
    }

    @Test("a relative server resolves against the fetched document's URL; from a file it needs --base-url")
    func relative() throws {
        let relative = #""servers": [{"url": "/api/v3"}],"#
        let fetched = OpenAPIAccess(documentURL: URL(string: "https://petstore3.example.org/api/v3/openapi.json"))
        let file = try Self.imported(Self.document(servers: relative), access: fetched)
        #expect(file.baseURL.absoluteString == "https://petstore3.example.org")
        #expect(file.primary.path == "/api/v3/search")
        let error = Self.failure(Self.document(servers: relative))
        #expect(error?.kind == .usage)
        #expect(error?.description.contains("relative server URL '/api/v3'; give --base-url") == true)
    }

    @Test("no servers at all: the document's own origin when fetched, else --base-url is required")
    func noServers() throws {
        let fetched = OpenAPIAccess(documentURL: URL(string: "https://docs.example.org/specs/api.yaml"))
        let file = try Self.imported(Self.document(servers: ""), access: fetched)
        #expect(file.baseURL.absoluteString == "https://docs.example.org")
        #expect(file.primary.path == "/search")
        let error = Self.failure(Self.document(servers: ""))
        #expect(error?.kind == .usage)
        #expect(error?.description.contains("says no server; give --base-url") == true)
    }

    @Test("Swagger 2: schemes, host and basePath; https first, --server picks http; no host needs --base-url")
    func swagger2() throws {
        func swagger(_ head: String) -> [UInt8] {
            Array("""
                {"swagger": "2.0", "info": {"title": "S", "version": "1"}, \(head)
                 "paths": {"/find": {"get": {"operationId": "search", "parameters": [{"name": "q", "in": "query", "type": "string"}],
                   "responses": {"200": {"description": "ok", "schema": {"type": "object", "properties": {"items": {"type": "array",
                   "items": {"type": "object", "properties": {"name": {"type": "string"}}}}}}}}}}}}
                """.utf8)
        }
        let both = swagger(#""host": "api.example.org", "basePath": "/v2", "schemes": ["http", "https"],"#)
        let file = try Self.imported(both)
        #expect(file.baseURL.absoluteString == "https://api.example.org")
        #expect(file.primary.path == "/v2/find")
        #expect(try Self.imported(both, access: OpenAPIAccess(server: 2)).baseURL.scheme == "http")
        #expect(Self.failure(swagger(#""basePath": "/v2","#))?.kind == .usage)
    }

    @Test("bearer, basic and apiKey schemes; the first alternative apicli can send wins")
    func schemes() throws {
        func placement(_ security: String) throws -> CredentialPlacement? {
            try Self.imported(Self.document(security: #""security": \#(security),"#, schemes: Self.allSchemes)).key?.placement
        }
        #expect(try placement(#"[{"token": []}]"#) == .bearer)
        #expect(try placement(#"[{"login": []}]"#) == .basic)
        #expect(try placement(#"[{"query": []}]"#) == .query("api_key"))
        #expect(try placement(#"[{"oauth": []}, {"login": []}]"#) == .basic, "OAuth2 is passed over for basic")
        #expect(try placement(#"[{"query": [], "token": []}, {"token": []}]"#) == .bearer, "two keys at once is passed over")
    }

    @Test("an operation's own security wins over the document's; [{}] means no key; {} among others an optional one")
    func operationSecurity() throws {
        let document = Self.document(
            operationSecurity: #""security": [{"token": []}],"#, security: #""security": [{"query": []}],"#, schemes: Self.allSchemes)
        #expect(try Self.imported(document).key?.placement == .bearer)
        let open = Self.document(
            operationSecurity: #""security": [{}],"#, security: #""security": [{"query": []}],"#, schemes: Self.allSchemes)
        #expect(try Self.imported(open).key == nil)
        let optional = Self.document(security: #""security": [{"token": []}, {}],"#, schemes: Self.allSchemes)
        let key = try #require(try Self.imported(optional).key, "an empty alternative: the key is optional, not dropped")
        #expect(key.placement == .bearer && key.optional, "the API answers without a key, and takes one when set")
    }

    @Test("nothing required anywhere: declared OAuth2 is an optional bearer key; no scheme at all is keyless unless --bearer; --no-key drops any")
    func optionalWhenNothingIsRequired() throws {
        let declared = try #require(try Self.imported(Self.document(schemes: #"{"oauth": {"type": "oauth2", "flows": {}}}"#)).key)
        #expect(declared.placement == .bearer && declared.optional, "Stack Exchange's way")
        let none = Self.document()
        #expect(try Self.imported(none).key == nil, "GitHub's 2020 description declares no scheme")
        var bearer = OpenAPIAccess()
        bearer.bearer = true
        let token = try #require(try Self.imported(none, access: bearer).key)
        #expect(token.placement == .bearer && token.optional, "--bearer on it: a token sent when set")
        var noKey = OpenAPIAccess()
        noKey.noKey = true
        let required = Self.document(security: #""security": [{"token": []}],"#, schemes: Self.allSchemes)
        #expect(try Self.imported(required, access: noKey).key == nil)
        #expect(try Self.imported(required).key?.optional == false, "a required key stays required")
    }

    @Test("OAuth2 and OpenID Connect alone are refused with one line that says a bearer token works; --bearer imports")
    func oauth() throws {
        for scheme in ["oauth", "oidc"] {
            let document = Self.document(security: #""security": [{"\#(scheme)": []}],"#, schemes: Self.allSchemes)
            let error = try #require(Self.failure(document))
            #expect(error.kind == .unusable)
            #expect(error.description.contains("a bearer token from elsewhere works: import again with --bearer"))
            #expect(!error.description.contains("\n"))
            var access = OpenAPIAccess()
            access.bearer = true
            #expect(try Self.imported(document, access: access).key?.placement == .bearer)
        }
        let digest = Self.document(security: #""security": [{"digest": []}],"#, schemes: Self.allSchemes)
        #expect(Self.failure(digest)?.description.contains("HTTP digest") == true)
    }

    @Test("bearer and basic keys are written and read back as key.scheme")
    func roundTrip() throws {
        for security in [#"[{"token": []}]"#, #"[{"login": []}]"#] {
            let file = try Self.imported(Self.document(security: #""security": \#(security),"#, schemes: Self.allSchemes))
            let text = ProviderFileWriter.text(file)
            #expect(text.contains(#""scheme""#))
            let reread = try ProviderFileReader(file: "example.json", expectedName: "example", reserved: SampleFiles.reserved)
                .read(Array(text.utf8))
            #expect(reread.key == file.key)
        }
    }
}
