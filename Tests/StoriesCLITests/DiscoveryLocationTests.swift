import APIClientLive
import Authorization
import Foundation
import Testing

@testable import StoriesCLIKit

/// Where the composition root's discovery asks for RFC 8414 metadata, over a transport that answers by path.
@Suite("Authorization server discovery locations")
struct DiscoveryLocationTests {
    static let root = "/.well-known/oauth-authorization-server"
    static let underBasePath = "/v1/.well-known/oauth-authorization-server"
    static let metadata = RoutedTransport.Answer(
        body: """
            {"issuer":"http://127.0.0.1:8080","authorization_endpoint":"http://127.0.0.1:8080/oauth/authorize",\
            "token_endpoint":"http://127.0.0.1:8080/v1/oauth/token","grant_types_supported":["authorization_code"],\
            "response_types_supported":["code"],"code_challenge_methods_supported":["S256"]}
            """)
    static let webPage = RoutedTransport.Answer(contentType: "text/html", body: "<!doctype html><p>Welcome</p>")

    @Test(
        "Asks the origin's root first (RFC 8414 §3), and under the API's base path only when the root has none",
        arguments: [
            ("metadata at the root", [root: metadata], [root], true),
            ("metadata under the base path only", [underBasePath: metadata], [root, underBasePath], true),
            ("a web page at the root", [root: webPage, underBasePath: metadata], [root, underBasePath], true),
            (
                "JSON of another shape at the root", [root: .init(body: #"{"status":"ok"}"#), underBasePath: metadata],
                [root, underBasePath], true
            ),
            (
                "a redirect at the root", [root: .init(status: .found, body: ""), underBasePath: metadata],
                [root, underBasePath], true
            ),
            ("metadata nowhere", [:], [root, underBasePath], false),
        ] as [(String, [String: RoutedTransport.Answer], [String], Bool)])
    func asksRootThenBasePath(
        situation: String, answers: [String: RoutedTransport.Answer], asked: [String], found: Bool
    ) async throws {
        let transport = RoutedTransport(answers)
        let services = try await CompositionRootWiringTests.services(transport: transport)
        let metadata = try await services.discovery.metadata()
        #expect(transport.paths == asked, "\(situation)")
        #expect((metadata?.issuer == "http://127.0.0.1:8080") == found, "\(situation)")
        // The store holds a session for this server: neither place may be sent its token.
        #expect(transport.headerFields.allSatisfy { $0[.authorization] == nil }, "\(situation)")
    }

    @Test("JSON at the root that is not a metadata document is reported when the base path has no copy either")
    func rootJSONOfAnotherShapeAlone() async throws {
        let transport = RoutedTransport([Self.root: .init(body: #"{"status":"ok"}"#)])
        let services = try await CompositionRootWiringTests.services(transport: transport)
        await #expect(throws: AuthorizationServerMetadataError.request(.malformedResponse(.notJSON))) {
            try await services.discovery.metadata()
        }
        #expect(transport.paths == [Self.root, Self.underBasePath])
    }

    @Test("The root's answer is bounded like a token response: a larger one is refused, and the base path not asked")
    func rootAnswerIsBounded() async throws {
        let huge = String(repeating: " ", count: ConnectionLimits.standard.maximumTokenResponseBytes + 1)
        let transport = RoutedTransport([Self.root: .init(body: huge + "{}"), Self.underBasePath: Self.metadata])
        let services = try await CompositionRootWiringTests.services(transport: transport)
        let limit = ConnectionLimits.standard.maximumTokenResponseBytes
        await #expect(throws: AuthorizationServerMetadataError.request(.malformedResponse(.tooLarge(limit: limit)))) {
            try await services.discovery.metadata()
        }
        #expect(transport.paths == [Self.root])
    }

    @Test("A server error at the root is reported, not taken for missing metadata")
    func rootFailureIsThrown() async throws {
        let transport = RoutedTransport([
            Self.root: .init(status: .internalServerError, body: "{}"), Self.underBasePath: Self.metadata,
        ])
        let services = try await CompositionRootWiringTests.services(transport: transport)
        await #expect(throws: AuthorizationServerMetadataError.request(.unavailable(status: 500, retryAfter: nil))) {
            try await services.discovery.metadata()
        }
        #expect(transport.paths == [Self.root])
    }
}
