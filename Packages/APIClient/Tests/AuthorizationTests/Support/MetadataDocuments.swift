import APIClient
import APIClientTestSupport
import AuthorizationServerClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization

@testable import Authorization

/// Metadata documents by absolute URL, served to `AuthorizationServerDiscovery` through `MockAPI`s (the API's
/// protected-resource metadata) and `MockAuthorizationServerAPI`s (authorization servers' metadata), with every URL
/// asked recorded in order. A URL without an answer is a 404.
/// An authorization server's metadata document as its generated client reads it.
typealias ServerMetadataDocument = AuthorizationServerClient.Components.Schemas.AuthorizationServerMetadata

final class MetadataDocuments: Sendable {
    enum Answer: Sendable {
        case protectedResource(APIClient.Components.Schemas.ProtectedResourceMetadata)
        case authorizationServer(ServerMetadataDocument)
        case status(Int)
        /// A body the generated client cannot read as the document (a web page, JSON of another shape).
        case notADocument
    }

    private let answers: [String: Answer]
    /// What the API answers a request without a token: the `WWW-Authenticate` of its 401, if any.
    private let challenge: String?
    private let asked = Mutex<[String]>([])

    init(_ answers: [String: Answer], challenge: String? = nil) {
        self.answers = answers
        self.challenge = challenge
    }

    /// The URLs asked for, in order; the API's `/me` as `GET /me`.
    var requests: [String] { asked.withLock { $0 } }

    func discovery(
        serverURL: String = "https://api.example.com/v1", cache: AuthorizationServerMetadataCache? = nil
    ) -> AuthorizationServerDiscovery {
        var api = MockAPI()
        api.getCurrentUser = { [challenge] _ in
            self.record("GET /me")
            guard let challenge else { return .undocumented(statusCode: 404, .init()) }
            return .unauthorized(
                .init(
                    headers: .init(wwwAuthenticate: challenge),
                    body: .applicationProblemJson(.init(title: "no", status: 401))))
        }
        return AuthorizationServerDiscovery(
            serverURL: URL(string: serverURL)!, api: api,
            resourceMetadataClient: { url in self.resourceClient(for: url) },
            serverMetadataClient: { url in self.serverClient(for: url) }, cache: cache)
    }

    private func record(_ request: String) {
        asked.withLock { $0.append(request) }
    }

    private func resourceClient(for url: URL) -> MockAPI {
        let key = url.absoluteString
        let answer = answers[key] ?? .status(404)
        var client = MockAPI()
        client.getProtectedResourceMetadata = { _ in
            self.record(key)
            switch answer {
            case .protectedResource(let document): return .ok(.init(body: .json(document)))
            case .authorizationServer, .notADocument: throw Self.unreadable
            case .status(let status): return .undocumented(statusCode: status, .init())
            }
        }
        return client
    }

    private func serverClient(for url: URL) -> MockAuthorizationServerAPI {
        let key = url.absoluteString
        let answer = answers[key] ?? .status(404)
        var client = MockAuthorizationServerAPI()
        client.getAuthorizationServerMetadata = { _ in
            self.record(key)
            switch answer {
            case .authorizationServer(let document): return .ok(.init(body: .json(document)))
            case .protectedResource, .notADocument: throw Self.unreadable
            case .status(let status): return .undocumented(statusCode: status, .init())
            }
        }
        return client
    }

    static let unreadable = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not the document"))

    // MARK: Documents

    static func protectedResource(
        _ resource: String = "https://api.example.com/v1", authorizationServers: [String]?
    ) -> Answer {
        .protectedResource(.init(resource: resource, authorizationServers: authorizationServers))
    }

    /// The metadata of `issuer`, with endpoints under `endpoints` (the issuer itself unless given).
    static func authorizationServer(
        issuer: String, endpoints: String? = nil, device: Bool = true, revocation: Bool = true,
        grantTypes: [String]? = [
            "authorization_code", "urn:ietf:params:oauth:grant-type:device_code", "refresh_token",
        ],
        codeChallengeMethods: [String]? = ["S256"]
    ) -> Answer {
        .authorizationServer(
            document(
                issuer: issuer, endpoints: endpoints, device: device, revocation: revocation, grantTypes: grantTypes,
                codeChallengeMethods: codeChallengeMethods))
    }

    static func document(
        issuer: String, endpoints: String? = nil, tokenEndpoint: String? = nil, device: Bool = true,
        revocation: Bool = true,
        grantTypes: [String]? = [
            "authorization_code", "urn:ietf:params:oauth:grant-type:device_code", "refresh_token",
        ],
        codeChallengeMethods: [String]? = ["S256"]
    ) -> ServerMetadataDocument {
        let base = endpoints ?? issuer
        return .init(
            issuer: issuer, authorizationEndpoint: base + "/auth", tokenEndpoint: tokenEndpoint ?? base + "/token",
            deviceAuthorizationEndpoint: device ? base + "/device/auth" : nil,
            revocationEndpoint: revocation ? base + "/token/revocation" : nil, grantTypesSupported: grantTypes,
            responseTypesSupported: ["code"], codeChallengeMethodsSupported: codeChallengeMethods,
            authorizationResponseIssParameterSupported: true)
    }
}
