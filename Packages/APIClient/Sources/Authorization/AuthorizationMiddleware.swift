import APIClient
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Attaches `Authorization: Bearer …` to every non-public operation whose base URL is the session's origin, and
/// lets the session decide what a 401 means.
public struct AuthorizationMiddleware: ClientMiddleware {
    private let session: any AccessTokenProviding

    public init(session: any AccessTokenProviding) {
        self.session = session
    }

    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard !PublicOperations.contains(operationID) else {
            return try await next(request, body, baseURL)
        }
        let requestOrigin = try ServerOrigin(baseURL)
        guard requestOrigin == session.origin else {
            throw AuthorizationError.originMismatch(expected: session.origin.key, actual: requestOrigin.key)
        }
        let authorization = try await session.currentAuthorization()
        let response = try await next(Self.authorize(request, with: authorization), body, baseURL)
        guard response.0.status == .unauthorized else { return response }
        guard let retry = try await session.authorizationAfterRejection(of: authorization) else { return response }
        return try await next(Self.authorize(request, with: retry), body, baseURL)
    }

    static func authorize(_ request: HTTPRequest, with authorization: BearerAuthorization) -> HTTPRequest {
        var request = request
        request.headerFields[.authorization] = authorization.headerValue
        return request
    }
}
