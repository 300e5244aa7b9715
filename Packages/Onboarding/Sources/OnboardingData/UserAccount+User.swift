import APIClient
import OnboardingDomain

extension UserAccount {
    init(_ user: Components.Schemas.User) {
        self.init(id: user.id, username: user.username, displayName: user.displayName, createdAt: user.createdAt)
    }
}
