import APIClient
import Foundation

/// An `APIProtocol` whose every operation is a replaceable handler. Handlers that a test does not set fail with
/// "unimplemented <operationId>", so a test that reaches an unexpected endpoint fails loudly.
public struct MockAPI: APIProtocol {
    public var getHealth: @Sendable (Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output
    public var createToken: @Sendable (Operations.CreateToken.Input) async throws -> Operations.CreateToken.Output
    public var revokeToken: @Sendable (Operations.RevokeToken.Input) async throws -> Operations.RevokeToken.Output
    public var registerUser: @Sendable (Operations.RegisterUser.Input) async throws -> Operations.RegisterUser.Output
    public var getCurrentUser:
        @Sendable (Operations.GetCurrentUser.Input) async throws -> Operations.GetCurrentUser.Output
    public var listStories: @Sendable (Operations.ListStories.Input) async throws -> Operations.ListStories.Output
    public var getStory: @Sendable (Operations.GetStory.Input) async throws -> Operations.GetStory.Output
    public var createDeviceAuthorization:
        @Sendable (Operations.CreateDeviceAuthorization.Input) async throws ->
            Operations.CreateDeviceAuthorization
            .Output
    public var getAuthorizationServerMetadata:
        @Sendable (Operations.GetAuthorizationServerMetadata.Input) async throws ->
            Operations
            .GetAuthorizationServerMetadata.Output
    public var getProtectedResourceMetadata:
        @Sendable (Operations.GetProtectedResourceMetadata.Input) async throws ->
            Operations.GetProtectedResourceMetadata.Output
    public var introspectToken:
        @Sendable (Operations.IntrospectToken.Input) async throws -> Operations.IntrospectToken.Output
    public var createPushedAuthorizationRequest:
        @Sendable (Operations.CreatePushedAuthorizationRequest.Input) async throws ->
            Operations.CreatePushedAuthorizationRequest.Output

    public init() {
        getHealth = { _ in throw UnimplementedOperation(operationID: Operations.GetHealth.id) }
        createToken = { _ in throw UnimplementedOperation(operationID: Operations.CreateToken.id) }
        revokeToken = { _ in throw UnimplementedOperation(operationID: Operations.RevokeToken.id) }
        registerUser = { _ in throw UnimplementedOperation(operationID: Operations.RegisterUser.id) }
        getCurrentUser = { _ in throw UnimplementedOperation(operationID: Operations.GetCurrentUser.id) }
        listStories = { _ in throw UnimplementedOperation(operationID: Operations.ListStories.id) }
        getStory = { _ in throw UnimplementedOperation(operationID: Operations.GetStory.id) }
        createDeviceAuthorization = { _ in
            throw UnimplementedOperation(operationID: Operations.CreateDeviceAuthorization.id)
        }
        getAuthorizationServerMetadata = { _ in
            throw UnimplementedOperation(operationID: Operations.GetAuthorizationServerMetadata.id)
        }
        getProtectedResourceMetadata = { _ in
            throw UnimplementedOperation(operationID: Operations.GetProtectedResourceMetadata.id)
        }
        introspectToken = { _ in throw UnimplementedOperation(operationID: Operations.IntrospectToken.id) }
        createPushedAuthorizationRequest = { _ in
            throw UnimplementedOperation(operationID: Operations.CreatePushedAuthorizationRequest.id)
        }
    }

    public func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        try await getHealth(input)
    }
    public func createToken(_ input: Operations.CreateToken.Input) async throws -> Operations.CreateToken.Output {
        try await createToken(input)
    }
    public func revokeToken(_ input: Operations.RevokeToken.Input) async throws -> Operations.RevokeToken.Output {
        try await revokeToken(input)
    }
    public func registerUser(_ input: Operations.RegisterUser.Input) async throws -> Operations.RegisterUser.Output {
        try await registerUser(input)
    }
    public func getCurrentUser(
        _ input: Operations.GetCurrentUser.Input
    ) async throws -> Operations.GetCurrentUser.Output {
        try await getCurrentUser(input)
    }
    public func listStories(_ input: Operations.ListStories.Input) async throws -> Operations.ListStories.Output {
        try await listStories(input)
    }
    public func getStory(_ input: Operations.GetStory.Input) async throws -> Operations.GetStory.Output {
        try await getStory(input)
    }
    public func createPushedAuthorizationRequest(
        _ input: Operations.CreatePushedAuthorizationRequest.Input
    ) async throws -> Operations.CreatePushedAuthorizationRequest.Output {
        try await createPushedAuthorizationRequest(input)
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
    public func getProtectedResourceMetadata(
        _ input: Operations.GetProtectedResourceMetadata.Input
    ) async throws -> Operations.GetProtectedResourceMetadata.Output {
        try await getProtectedResourceMetadata(input)
    }
    public func introspectToken(
        _ input: Operations.IntrospectToken.Input
    ) async throws -> Operations.IntrospectToken.Output {
        try await introspectToken(input)
    }
}

/// Thrown by a `MockAPI` handler that the test did not provide.
public struct UnimplementedOperation: Error, CustomStringConvertible {
    public let operationID: String

    public init(operationID: String) {
        self.operationID = operationID
    }

    public var description: String { "unimplemented \(operationID)" }
}
