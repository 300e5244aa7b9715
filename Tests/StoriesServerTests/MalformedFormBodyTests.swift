import APIClientTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import StoriesServerKit

/// Form bodies that are not `application/x-www-form-urlencoded`, on every endpoint that takes one: each is the
/// documented 400 `invalid_request` (RFC 6749 §5.2), never a 500 and never read as if the broken part were absent.
@Suite("Malformed form bodies")
struct MalformedFormBodyTests {
    static let endpoints = [
        FormEndpoint(
            path: "/v1/oauth/token",
            validBody: "grant_type=password&username=demo&password=demo-password&client_id=stories-cli"),
        FormEndpoint(
            path: "/v1/oauth/par",
            validBody: FormURLEncoding.query(AuthorizationServerApp.authorizationParameters)),
        FormEndpoint(path: "/v1/oauth/device_authorization", validBody: "client_id=stories-cli"),
        FormEndpoint(path: "/v1/oauth/revoke", validBody: "token=unknown-token&client_id=stories-cli"),
        FormEndpoint(
            path: "/v1/oauth/introspect", validBody: "token=unknown-token",
            authorization: IntrospectionEndpointTests.resourceServer.basicAuthorization),
    ]

    /// The HTML forms of the sign-in pages, whose valid bodies carry the token of a page just rendered (`CSRF`) and,
    /// on the verification page, the user code of a device authorization just started (`USER_CODE`).
    static let pages = [
        FormEndpoint(
            path: "/oauth/authorize",
            validBody: "csrf_token=CSRF&username=demo&password=demo-password&decision=deny",
            repeatedName: "decision",
            page: AuthorizationServerApp.authorizeURI(AuthorizationServerApp.authorizationParameters)),
        FormEndpoint(
            path: "/device",
            validBody: "csrf_token=CSRF&user_code=USER_CODE&username=demo&password=demo-password&decision=deny",
            repeatedName: "decision", page: "/device"),
    ]

    /// Bodies that are malformed on their own: a parameter without `=`, a broken percent-escape in a name or a value,
    /// an escape that decodes to bytes that are not UTF-8.
    static let brokenBodies = ["%", "x%", "a=1&%", "%zz", "a=%", "a=%zz", "%zz=1", "a=%2", "a=%C3%28"]

    /// Bodies that are well-formed but define nothing (`=`, an empty name): the OAuth endpoints refuse them for
    /// their missing parameters; the pages, for their missing form token (403, `FormTokenTests`).
    static let malformedBodies = brokenBodies + ["=", "=x", "a=1&="]

    /// Fragments that make an otherwise valid body malformed: the broken part must not be skipped. `REPEATED` is a
    /// parameter the endpoint defines, given twice.
    static let malformedSuffixes = [
        "&%", "&x%", "&%zz", "&a=%", "&%zz=1", "&a=%C3%28", "&REPEATED=a&REPEATED=b",
    ]

    static func application() async throws -> some ApplicationProtocol {
        try await AuthorizationServerApp.make(
            clock: TestEnvironment(), introspectionClient: IntrospectionEndpointTests.resourceServer)
    }

    @Test("Each endpoint of the table accepts its valid body", arguments: endpoints)
    func validBodyIsAccepted(endpoint: FormEndpoint) async throws {
        try await Self.application().test(.router) { client in
            let response = try await client.postRawForm(endpoint, body: endpoint.validBody)
            #expect(response.status.kind == .successful, "\(endpoint.path): \(response.status) \(response.text)")
        }
    }

    @Test(
        "Parameters an endpoint does not define are ignored, even repeated, with brackets or with an empty name",
        arguments: endpoints)
    func unknownParametersAreIgnored(endpoint: FormEndpoint) async throws {
        try await Self.application().test(.router) { client in
            let body = endpoint.validBody + "&extra=1&extra=2&a[b]=1&a=3&%C3%85=%C2%B1&=null&=x"
            let response = try await client.postRawForm(endpoint, body: body)
            #expect(response.status.kind == .successful, "\(endpoint.path): \(response.status) \(response.text)")
        }
    }

    @Test("The parameters the form bodies are read for are those the spec's form schemas define")
    func parameterNamesMatchSpec() throws {
        let schemas = try #require(
            (try OpenAPISpec.document(at: OpenAPISpec.authorizationServerURL)["components"] as? [String: Any])?[
                "schemas"] as? [String: Any])
        var names: Set<String> = []
        for schema in [
            "TokenRequest", "DeviceAuthorizationRequest", "PushedAuthorizationRequest", "IntrospectionRequest",
            "RevocationRequest",
        ] {
            let properties = (schemas[schema] as? [String: Any])?["properties"] as? [String: Any]
            names.formUnion(properties.map { Array($0.keys) } ?? [])
        }
        #expect(names == FormBodyMiddleware.parameterNames)
    }

    @Test(
        "A malformed form body is 400 invalid_request on every form endpoint",
        arguments: endpoints, malformedBodies + malformedSuffixes.map { "VALID\($0)" })
    func malformedBodyIsInvalidRequest(endpoint: FormEndpoint, body: String) async throws {
        let sent = body.replacingOccurrences(of: "VALID", with: endpoint.validBody)
            .replacingOccurrences(of: "REPEATED", with: endpoint.repeatedName)
        try await Self.application().test(.router) { client in
            let response = try await client.postRawForm(endpoint, body: sent)
            #expect(response.status == .badRequest, "\(endpoint.path) \(body): \(response.status) \(response.text)")
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(response.headers[.cacheControl] == "no-store")
            #expect(response.oauthError == "invalid_request", "\(endpoint.path) \(body): \(response.text)")
        }
    }

    @Test("Each sign-in page accepts its valid form", arguments: pages)
    func validPageFormIsAccepted(page: FormEndpoint) async throws {
        try await Self.application().test(.router) { client in
            let response = try await client.postRawForm(page, body: try await client.validBody(of: page))
            #expect(
                [.ok, .found].contains(response.status), "\(page.path): \(response.status) \(response.text)")
        }
    }

    @Test(
        "A malformed form body is a 400 page on every sign-in page, and its form stays unused",
        arguments: pages, brokenBodies + malformedSuffixes.map { "VALID\($0)" })
    func malformedPageFormIsBadRequest(page: FormEndpoint, body: String) async throws {
        try await Self.application().test(.router) { client in
            let valid = try await client.validBody(of: page)
            let sent = body.replacingOccurrences(of: "VALID", with: valid)
                .replacingOccurrences(of: "REPEATED", with: page.repeatedName)
            let response = try await client.postRawForm(page, body: sent)
            #expect(response.status == .badRequest, "\(page.path) \(body): \(response.status) \(response.text)")
            #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(response.headers[.location] == nil)
            // Nothing of the broken form was acted on: its token still works.
            let again = try await client.postRawForm(page, body: valid)
            #expect([.ok, .found].contains(again.status), "\(page.path) \(body): \(again.status)")
        }
    }

    @Test(
        "A malformed query is a 400 page on every sign-in page",
        arguments: pages, brokenBodies + ["VALID&%", "VALID&%zz", "VALID&a=%C3%28"])
    func malformedPageQueryIsBadRequest(page: FormEndpoint, query: String) async throws {
        let pageQuery = page.page.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? "a=1"
        let uri = page.path + "?" + query.replacingOccurrences(of: "VALID", with: pageQuery)
        try await Self.application().test(.router) { client in
            let response = try await client.execute(uri: uri, method: .get)
            #expect(response.status == .badRequest, "\(uri): \(response.status) \(response.text)")
            #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(!response.text.contains("csrf_token"))
        }
    }

    @Test("A form body longer than 64 KiB is 400 invalid_request, even when the rest of it is a valid request")
    func oversizedBodyIsInvalidRequest() async throws {
        try await Self.application().test(.router) { client in
            for endpoint in Self.endpoints {
                let padding = "&padding=" + String(repeating: "a", count: 64 * 1024)
                let response = try await client.postRawForm(endpoint, body: endpoint.validBody + padding)
                #expect(response.status == .badRequest, "\(endpoint.path): \(response.status)")
                #expect(response.oauthError == "invalid_request", "\(endpoint.path): \(response.text)")
            }
        }
    }
}

/// One form endpoint, with a body it accepts.
struct FormEndpoint: Sendable, CustomTestStringConvertible {
    var path: String
    var validBody: String
    /// A parameter the endpoint defines.
    var repeatedName = "token"
    /// The introspection endpoint wants its client's credentials before it reads the body.
    var authorization: String?
    /// For a sign-in page: the address that renders its form.
    var page = ""

    var testDescription: String { path }
}

extension TestClientProtocol {
    /// `page`'s valid body with the token of a form just rendered and the user code of a device authorization just
    /// started.
    fileprivate func validBody(of page: FormEndpoint) async throws -> String {
        let started = try await startDeviceAuthorization()
        let userCode = try #require(started["user_code"] as? String)
        let token = try await execute(uri: page.page, method: .get).csrfToken()
        return page.validBody.replacingOccurrences(of: "CSRF", with: FormURLEncoding.encode(token))
            .replacingOccurrences(of: "USER_CODE", with: FormURLEncoding.encode(userCode))
    }

    /// POSTs `body` as it is, labelled as a form, with the endpoint's credentials if it needs any.
    fileprivate func postRawForm(_ endpoint: FormEndpoint, body: String) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        headers[.authorization] = endpoint.authorization
        return try await execute(uri: endpoint.path, method: .post, headers: headers, body: ByteBuffer(string: body))
    }
}
