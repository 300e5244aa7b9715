import Authorization
import Foundation

/// A session with a fixed token that records rejections, and how often it was asked to wait for a token. With
/// `atHand`, it hands the token out without waiting too.
actor ScriptedSession: AccessTokenProviding {
    nonisolated let origin: ServerOrigin
    nonisolated let authorization: BearerAuthorization
    let retry: BearerAuthorization?
    nonisolated let atHand: Bool
    private(set) var rejections: [BearerAuthorization] = []
    private(set) var waits = 0

    init(origin: ServerOrigin, token: String = "token-1", retry: BearerAuthorization? = nil, atHand: Bool = false) {
        self.origin = origin
        self.authorization = BearerAuthorization(accessToken: Secret(token), generation: 1)
        self.retry = retry
        self.atHand = atHand
    }

    nonisolated func freshAuthorizationWithoutWaiting() -> BearerAuthorization? { atHand ? authorization : nil }

    func currentAuthorization() -> BearerAuthorization {
        waits += 1
        return authorization
    }

    func authorizationAfterRejection(of rejected: BearerAuthorization) -> BearerAuthorization? {
        rejections.append(rejected)
        return retry
    }
}
