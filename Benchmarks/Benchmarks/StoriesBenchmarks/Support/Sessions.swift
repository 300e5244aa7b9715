import APIClient
import APIClientTestSupport
import Authorization
import AuthorizationServerClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import RFC3339

/// The server every benchmark talks to (nothing listens there: the transports are in memory). A literal https URL
/// with a host and a path, so neither the URL nor its origin can fail to parse.
let serverURL = URL(string: "https://api.stories.example/v1")!

/// The origin of `serverURL`, which the session's tokens belong to.
let serverOrigin = try! ServerOrigin(serverURL)

/// A stored session for `serverOrigin` whose access token, issued at `issuedAt`, lives 900 s.
func makeCredential(issuedAt: Date) -> Credential {
    .fixture(origin: serverOrigin, issuedAt: issuedAt)
}

/// A token endpoint whose every answer is a fresh pair with a 900 s lifetime, `delay` after the request: the
/// generated client over `transport`, as the CLI wires it, minus the sockets.
func makeTokenEndpoint(delay: Duration, now: @escaping @Sendable () -> Date) -> (TokenEndpoint, CannedTransport) {
    let response = #"{"access_token":"access-1","expires_in":900,"refresh_token":"refresh-1","token_type":"Bearer"}"#
    let transport = CannedTransport(
        headerFields: [.contentType: "application/json", .cacheControl: "no-store"],
        bytes: Array(response.utf8),
        delay: delay
    )
    let client = AuthorizationServerClient.Client(
        serverURL: serverURL, configuration: Configuration(dateTranscoder: RFC3339DateTranscoder()),
        transport: transport)
    return (TokenEndpoint(api: client, clientID: "stories-cli", now: now), transport)
}
