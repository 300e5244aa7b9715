/// A stored session and whether it is the active one of its origin.
public struct StoredCredential: Sendable, Equatable {
    public var credential: Credential
    /// The session requests to its origin use.
    public var isActive: Bool

    public init(credential: Credential, isActive: Bool) {
        self.credential = credential
        self.isActive = isActive
    }
}
