import APIClient

/// An `APIProtocol` of the Stories API whose every operation is a replaceable handler. Handlers that a test does not
/// set fail with "unimplemented <operationId>", so a test that reaches an unexpected endpoint fails loudly.
public struct MockAPI: APIProtocol {
    public var getHealth: @Sendable (Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output
    public var registerUser: @Sendable (Operations.RegisterUser.Input) async throws -> Operations.RegisterUser.Output
    public var getCurrentUser:
        @Sendable (Operations.GetCurrentUser.Input) async throws -> Operations.GetCurrentUser.Output
    public var listStories: @Sendable (Operations.ListStories.Input) async throws -> Operations.ListStories.Output
    public var getStory: @Sendable (Operations.GetStory.Input) async throws -> Operations.GetStory.Output
    public var getProtectedResourceMetadata:
        @Sendable (Operations.GetProtectedResourceMetadata.Input) async throws ->
            Operations.GetProtectedResourceMetadata.Output

    public init() {
        getHealth = { _ in throw UnimplementedOperation(operationID: Operations.GetHealth.id) }
        registerUser = { _ in throw UnimplementedOperation(operationID: Operations.RegisterUser.id) }
        getCurrentUser = { _ in throw UnimplementedOperation(operationID: Operations.GetCurrentUser.id) }
        listStories = { _ in throw UnimplementedOperation(operationID: Operations.ListStories.id) }
        getStory = { _ in throw UnimplementedOperation(operationID: Operations.GetStory.id) }
        getProtectedResourceMetadata = { _ in
            throw UnimplementedOperation(operationID: Operations.GetProtectedResourceMetadata.id)
        }
    }

    public func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        try await getHealth(input)
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

    public func getProtectedResourceMetadata(
        _ input: Operations.GetProtectedResourceMetadata.Input
    ) async throws -> Operations.GetProtectedResourceMetadata.Output {
        try await getProtectedResourceMetadata(input)
    }
}
