import AsyncHTTPClient
import Foundation
import NIOCore

/// Finds an external authorization server's introspection endpoint in its metadata, once, at start-up.
///
/// The locations are tried in order: RFC 8414 §3.1's (the well-known path inserted between the host and the issuer's
/// path), then OpenID Connect Discovery 1.0 §4's (appended to the issuer). A document counts only if its `issuer` is
/// exactly the configured one (RFC 8414 §3.3) and it names an introspection endpoint that a secret may be sent to.
struct AuthorizationServerDiscovery {
    let http: OutgoingHTTP

    /// The metadata URLs of `issuer`, in the order they are tried.
    static func metadataLocations(of issuer: String) -> [String] {
        guard var components = URLComponents(string: issuer) else { return [] }
        var path = components.percentEncodedPath
        // RFC 8414 §3.1 and OIDC Discovery §4: a terminating "/" is removed first.
        while path.hasSuffix("/") { path.removeLast() }
        components.percentEncodedPath = "/.well-known/oauth-authorization-server" + path
        var appended = issuer
        while appended.hasSuffix("/") { appended.removeLast() }
        return [components.string, appended + "/.well-known/openid-configuration"].compactMap { $0 }
    }

    /// The introspection endpoint `issuer`'s metadata names.
    func introspectionEndpoint(of issuer: String) async throws(StartupFailure) -> String {
        var attempts: [DiscoveryAttempt] = []
        for location in Self.metadataLocations(of: issuer) {
            switch await fetch(location, issuer: issuer) {
            case .success(let endpoint):
                return endpoint
            case .failure(let outcome):
                attempts.append(DiscoveryAttempt(url: location, outcome: outcome))
            }
        }
        throw attempts.allSatisfy { $0.outcome == .unreachable }
            ? .authorizationServerUnreachable(issuer: issuer, attempts: attempts)
            : .authorizationServerUnusable(issuer: issuer, attempts: attempts)
    }

    private func fetch(_ location: String, issuer: String) async -> Result<String, DiscoveryAttempt.Outcome> {
        var request = HTTPClientRequest(url: location)
        request.headers.add(name: "Accept", value: "application/json")
        let answer: (status: Int, body: ByteBuffer)
        do {
            answer = try await http.send(request)
        } catch {
            return .failure(error == .tooLarge ? .unreadable : .unreachable)
        }
        guard answer.status == 200 else { return .failure(.status(answer.status)) }
        guard let document = try? JSONDecoder().decode(MetadataDocument.self, from: Data(answer.body.readableBytesView))
        else {
            return .failure(.unreadable)
        }
        guard document.issuer == issuer else { return .failure(.issuerMismatch(document.issuer)) }
        guard let endpoint = document.introspectionEndpoint else { return .failure(.noIntrospectionEndpoint) }
        guard let components = URLComponents(string: endpoint), components.fragment == nil,
            SecretSafeURL.allows(components)
        else { return .failure(.insecureIntrospectionEndpoint) }
        return .success(endpoint)
    }

    /// The two members of RFC 8414 §2 this server uses; the others are not read.
    private struct MetadataDocument: Decodable {
        var issuer: String
        var introspectionEndpoint: String?

        enum CodingKeys: String, CodingKey {
            case issuer
            case introspectionEndpoint = "introspection_endpoint"
        }
    }
}
