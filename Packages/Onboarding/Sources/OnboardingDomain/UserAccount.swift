import Foundation

/// An account as the app shows it.
public struct UserAccount: Sendable, Equatable {
    public var id: String
    public var username: String
    public var displayName: String?
    public var createdAt: Date

    public init(id: String, username: String, displayName: String?, createdAt: Date) {
        self.id = id
        self.username = username
        self.displayName = displayName
        self.createdAt = createdAt
    }
}
