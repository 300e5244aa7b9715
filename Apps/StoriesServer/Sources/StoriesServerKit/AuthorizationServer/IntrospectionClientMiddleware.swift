import AuthorizationServerAPI
import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime

/// Lets an introspection request (RFC 7662 §2.1) through only from the configured client, authenticated with HTTP
/// Basic (RFC 6749 §2.3.1). Anything else — no credentials, others, or no client configured at all — is 401
/// `invalid_client` with a `Basic` challenge (RFC 6749 §5.2), before the body is read. Introspection answers are never
/// cached (they describe tokens).
struct IntrospectionClientMiddleware: ServerMiddleware {
    let client: ClientCredentials?
    let logger: Logger

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard operationID == Operations.IntrospectToken.id else { return try await next(request, body, metadata) }
        guard let client, client.arePresented(in: request.headerFields[.authorization]) else {
            logger.info("introspect outcome=invalid_client")
            return Self.invalidClient
        }
        var (response, responseBody) = try await AuthenticatedClient.$id.withValue(client.id) {
            try await next(request, body, metadata)
        }
        response.headerFields[.cacheControl] = "no-store"
        return (response, responseBody)
    }

    static var invalidClient: (HTTPResponse, HTTPBody?) {
        let response = HTTPResponse(
            status: .unauthorized,
            headerFields: [
                .wwwAuthenticate: #"Basic realm="stories-server", charset="UTF-8""#,
                .contentType: "application/json", .cacheControl: "no-store",
            ])
        let error =
            #"{"error":"invalid_client","error_description":"Introspection needs the credentials of the introspection client, with HTTP Basic."}"#
        return (response, HTTPBody(error))
    }
}
