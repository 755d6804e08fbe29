import APICore
@testable import ProviderFiles
import Foundation
import TestSupport
import Testing

/// An OAuth2 scheme with flows apicli can run imports without `--bearer`: the key is a
/// bearer token and the file records the flows (`key.oauth2`), read and checked strictly.
@Suite("OAuth2 flows at import and in provider files")
struct OAuth2ImportTests {
    static let flows = """
        {"oauth": {"type": "oauth2", "flows": {
          "clientCredentials": {"tokenUrl": "https://auth.example.org/token", "scopes": {"read": "Read", "write": "Write"}},
          "authorizationCode": {"authorizationUrl": "https://auth.example.org/authorize", "tokenUrl": "https://auth.example.org/token", "scopes": {}},
          "x-deviceAuthorization": {"deviceAuthorizationUrl": "https://auth.example.org/device", "tokenUrl": "https://auth.example.org/token", "scopes": {"read": "Read"}},
          "implicit": {"authorizationUrl": "https://auth.example.org/authorize", "scopes": {}}}}}
        """

    static func reread(_ file: ProviderFile, name: String = "example") throws -> ProviderFile {
        try ProviderFileReader(file: name + ".json", expectedName: name, reserved: SampleFiles.reserved)
            .read(Array(ProviderFileWriter.text(file).utf8))
    }

    static func problem(_ key: String) -> String {
        let text = """
            {"apicli": 1, "name": "example", "summary": "Example", "baseURL": "https://api.example.org",
             "path": "/search", "words": {"parameter": "q"}, "items": "items", "key": \(key),
             "columns": [{"name": "title", "path": "title", "kind": "text", "searchable": true}]}
            """
        do {
            _ = try ProviderFileReader(file: "example.json", expectedName: "example", reserved: SampleFiles.reserved).read(Array(text.utf8))
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test("a required OAuth2 scheme with flows imports as a bearer token and records the flows; written and read back the same")
    func importsFlows() throws {
        let document = ServerAndSecurityChoiceTests.document(security: #""security": [{"oauth": ["read"]}],"#, schemes: Self.flows)
        let file = try ServerAndSecurityChoiceTests.imported(document)
        let key = try #require(file.key)
        #expect(key.placement == .bearer && !key.optional)
        let flows = try #require(key.oauth2).flows
        #expect(flows.map(\.kind) == [.clientCredentials, .authorizationCode, .deviceAuthorization], "implicit is not run")
        #expect(flows[0].tokenURL.absoluteString == "https://auth.example.org/token" && flows[0].scopes == ["read", "write"])
        #expect(flows[1].authorizationURL?.absoluteString == "https://auth.example.org/authorize")
        #expect(flows[2].deviceAuthorizationURL?.absoluteString == "https://auth.example.org/device")
        #expect(key.oauth2?.preferred?.kind == .deviceAuthorization)
        #expect(try Self.reread(file).key == key)
        var bearer = OpenAPIAccess()
        bearer.bearer = true
        let token = try #require(try ServerAndSecurityChoiceTests.imported(document, access: bearer).key)
        #expect(token.placement == .bearer && token.oauth2 == nil, "--bearer: a token from elsewhere, no sign-in")
    }

    @Test("flows with only implicit or password grants, or a token URL that is not https, stay refused with the way out")
    func unusableFlows() throws {
        for flows in [#"{"implicit": {"authorizationUrl": "https://a.example.org/auth", "scopes": {}}}"#,
                      #"{"clientCredentials": {"tokenUrl": "http://auth.example.org/token", "scopes": {}}}"#,
                      #"{"clientCredentials": {"tokenUrl": "/token", "scopes": {}}}"#] {
            let schemes = #"{"oauth": {"type": "oauth2", "flows": \#(flows)}}"#
            let document = ServerAndSecurityChoiceTests.document(security: #""security": [{"oauth": []}],"#, schemes: schemes)
            let error = try #require(ServerAndSecurityChoiceTests.failure(document), "\(flows)")
            #expect(error.description.contains("import again with --bearer"), "\(error)")
        }
    }

    @Test("Spotify's document imports without --bearer, with its authorization code flow and scopes")
    func spotify() throws {
        let path = Fixtures.realRoot.appendingPathComponent("openapi-corpus/spotify_official_open-api_2026-05.yml").path
        var importer = OpenAPIImport(name: "spotify", documentPath: path, operation: "search", wordsParameter: nil)
        importer.access.documentBytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let file = try importer.providerFile()
        let key = try #require(file.key)
        #expect(key.placement == .bearer)
        let flow = try #require(key.oauth2?.flows.first)
        #expect(flow.kind == .authorizationCode)
        #expect(flow.tokenURL.absoluteString == "https://accounts.spotify.com/api/token")
        #expect(flow.authorizationURL?.absoluteString == "https://accounts.spotify.com/authorize")
        #expect(flow.scopes.contains("playlist-read-private") && flow.scopes.count > 10)
        #expect(try Self.reread(file, name: "spotify").key?.oauth2 == key.oauth2)
    }

    @Test("SAP's client credentials and Bitbucket's authorization code import without --bearer; GitHub's 2020 description stays keyless")
    func corpus() throws {
        func imported(_ document: String, _ operation: String) throws -> ProviderFile {
            let path = Fixtures.realRoot.appendingPathComponent("openapi-corpus/" + document).path
            var importer = OpenAPIImport(name: "example", documentPath: path, operation: operation, wordsParameter: nil)
            importer.access.documentBytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
            return try importer.providerFile()
        }
        let sap = try #require(try imported("ballerina_saps4hana.itcm.customerhierarchy_openapi.yaml", "getAllNodes").key?.oauth2?.flows.first)
        #expect(sap.kind == .clientCredentials && sap.tokenURL.host == "colgate-dev1.authentication.us30.hana.ondemand.com")
        let bitbucket = try #require(try imported("ballerina_bitbucket_openapi.yaml", "listPullrequets").key?.oauth2?.flows.first)
        #expect(bitbucket.kind == .authorizationCode && bitbucket.tokenURL.absoluteString == "https://bitbucket.org/site/oauth2/access_token")
        #expect(try imported("github_api.github.com_v0.0.6_2020-09.json", "issues/list-for-repo").key == nil)
    }

    @Test("a bad key.oauth2 is one problem naming the field")
    func problems() {
        let scheme = #""scheme": "bearer", "environmentVariable": "EXAMPLE_API_KEY""#
        #expect(Self.problem(#"{\#(scheme), "oauth2": {"clientCredentials": {"tokenURL": "http://auth.example.org/t"}}}"#)
            .contains("key.oauth2.clientCredentials.tokenURL"))
        #expect(Self.problem(#"{\#(scheme), "oauth2": {"authorizationCode": {"tokenURL": "https://a.example.org/t"}}}"#)
            .contains("key.oauth2.authorizationCode.authorizationURL"))
        #expect(Self.problem(#"{\#(scheme), "oauth2": {"implicit": {}}}"#).contains("key.oauth2"))
        #expect(Self.problem(#"{\#(scheme), "oauth2": {}}"#).contains("names no flow"))
        #expect(Self.problem(#"{"header": "X-Key", "environmentVariable": "EXAMPLE_API_KEY", "oauth2": {"clientCredentials": {"tokenURL": "https://a.example.org/t"}}}"#)
            .contains("use \"scheme\": \"bearer\""))
        #expect(Self.problem(#"{\#(scheme), "oauth2": {"clientCredentials": {"tokenURL": "http://127.0.0.1:8080/t", "scopes": ["a b"]}}}"#)
            .contains("key.oauth2.clientCredentials.scopes[0]"))
        #expect(Self.problem(#"{\#(scheme), "oauth2": {"clientCredentials": {"tokenURL": "http://127.0.0.1:8080/t", "scopes": ["a"]}}}"#) == "",
                "a loopback token URL is fine")
    }
}
