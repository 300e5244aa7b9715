import AuthorizationServerClient

/// The authorization server's `APIProtocol` (openapi/authorization-server.yaml) with every operation a replaceable
/// handler, as `MockAPI` is for the Stories API: a handler a test does not set fails with "unimplemented <operationId>".
public struct MockAuthorizationServerAPI: APIProtocol {
    public var createToken: @Sendable (Operations.CreateToken.Input) async throws -> Operations.CreateToken.Output
    public var revokeToken: @Sendable (Operations.RevokeToken.Input) async throws -> Operations.RevokeToken.Output
    public var createDeviceAuthorization:
        @Sendable (Operations.CreateDeviceAuthorization.Input) async throws ->
            Operations.CreateDeviceAuthorization.Output
    public var getAuthorizationServerMetadata:
        @Sendable (Operations.GetAuthorizationServerMetadata.Input) async throws ->
            Operations.GetAuthorizationServerMetadata.Output
    public var introspectToken:
        @Sendable (Operations.IntrospectToken.Input) async throws -> Operations.IntrospectToken.Output
    public var createPushedAuthorizationRequest:
        @Sendable (Operations.CreatePushedAuthorizationRequest.Input) async throws ->
            Operations.CreatePushedAuthorizationRequest.Output

    public init() {
        createToken = { _ in throw UnimplementedOperation(operationID: Operations.CreateToken.id) }
        revokeToken = { _ in throw UnimplementedOperation(operationID: Operations.RevokeToken.id) }
        createDeviceAuthorization = { _ in
            throw UnimplementedOperation(operationID: Operations.CreateDeviceAuthorization.id)
        }
        getAuthorizationServerMetadata = { _ in
            throw UnimplementedOperation(operationID: Operations.GetAuthorizationServerMetadata.id)
        }
        introspectToken = { _ in throw UnimplementedOperation(operationID: Operations.IntrospectToken.id) }
        createPushedAuthorizationRequest = { _ in
            throw UnimplementedOperation(operationID: Operations.CreatePushedAuthorizationRequest.id)
        }
    }

    public func createToken(_ input: Operations.CreateToken.Input) async throws -> Operations.CreateToken.Output {
        try await createToken(input)
    }

    public func revokeToken(_ input: Operations.RevokeToken.Input) async throws -> Operations.RevokeToken.Output {
        try await revokeToken(input)
    }

    public func createDeviceAuthorization(
        _ input: Operations.CreateDeviceAuthorization.Input
    ) async throws -> Operations.CreateDeviceAuthorization.Output {
        try await createDeviceAuthorization(input)
    }

    public func getAuthorizationServerMetadata(
        _ input: Operations.GetAuthorizationServerMetadata.Input
    ) async throws -> Operations.GetAuthorizationServerMetadata.Output {
        try await getAuthorizationServerMetadata(input)
    }

    public func introspectToken(
        _ input: Operations.IntrospectToken.Input
    ) async throws -> Operations.IntrospectToken.Output {
        try await introspectToken(input)
    }

    public func createPushedAuthorizationRequest(
        _ input: Operations.CreatePushedAuthorizationRequest.Input
    ) async throws -> Operations.CreatePushedAuthorizationRequest.Output {
        try await createPushedAuthorizationRequest(input)
    }
}
