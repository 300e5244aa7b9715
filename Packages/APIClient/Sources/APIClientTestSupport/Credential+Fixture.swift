import Authorization
import Foundation

extension Credential {
    /// A usable session for `origin`, as a sign-in stores it: tokens `access-0` and `refresh-0` unless given, an
    /// access token that lives `lifetime` seconds (`nil`: unknown) from `issuedAt`.
    public static func fixture(
        origin: ServerOrigin,
        account: String = "demo",
        accessToken: String = "access-0",
        refreshToken: String? = "refresh-0",
        lifetime: TimeInterval? = 900,
        issuedAt: Date = Date(timeIntervalSince1970: 1_800_000_000)
    ) -> Credential {
        Credential(
            origin: origin,
            account: account,
            accessToken: Secret(accessToken),
            refreshToken: refreshToken.map(Secret.init),
            expiresAt: lifetime.map(issuedAt.addingTimeInterval),
            issuedAt: issuedAt
        )
    }
}

extension AuthorizationServer {
    /// The contract's endpoints of `https://api.example.com/v1`: an authorization server for tests whose token
    /// endpoint is a `MockAPI`, where the routing to an endpoint is not what is tested.
    public static func fixture() -> AuthorizationServer {
        // A literal URL with a scheme and a host: URL(string:) cannot fail on it, and a test fixture may trap.
        .contract(at: URL(string: "https://api.example.com/v1")!)
    }
}
