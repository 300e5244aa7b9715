import AsyncHTTPClient
import Foundation
import NIOCore

/// Introspects tokens at an authorization server's endpoint (RFC 7662 §2.1), authenticating as this server's client
/// with HTTP Basic (RFC 6749 §2.3.1).
struct RemoteIntrospector: TokenIntrospecting {
    let http: OutgoingHTTP
    let endpoint: String
    let client: ClientCredentials

    func introspect(_ token: String) async throws(IntrospectionFailure) -> IntrospectedToken {
        var request = HTTPClientRequest(url: endpoint)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "Authorization", value: client.basicAuthorization)
        request.body = .bytes(
            ByteBuffer(string: FormURLEncoding.query([("token", token), ("token_type_hint", "access_token")])))
        let answer: (status: Int, body: ByteBuffer)
        do {
            answer = try await http.send(request)
        } catch {
            switch error {
            case .unreachable: throw .unreachable
            case .timedOut: throw .timedOut
            case .tooLarge: throw .tooLarge
            }
        }
        guard answer.status == 200 else { throw .status(answer.status) }
        guard
            let introspected = try? JSONDecoder().decode(
                IntrospectedToken.self, from: Data(answer.body.readableBytesView))
        else { throw .unreadable }
        return introspected
    }
}
