import Foundation
import Logging

/// Verifies the tokens of an external authorization server by introspection (RFC 7662), and remembers each answer
/// briefly, so that a client listing stories page by page costs the authorization server one request, not one per
/// page.
///
/// - An active token is valid for at most `positiveLifetime` (60 s), never past its `exp`: a token revoked at the
///   authorization server is refused here within a minute. Its account is `username`, else `sub`.
/// - Any other answer — inactive, expired, for another resource (an `aud` without this API, RFC 8707), no subject —
///   is refused, and remembered for `negativeLifetime` (10 s), shorter, so that a token that just became valid is not
///   turned away long.
/// - No answer at all is `.unverifiable` and is not remembered: the next request asks again.
///
/// Concurrent requests with a token not yet known share one introspection. At most `capacity` tokens are remembered;
/// when full, expired answers go first, then any settled one.
actor IntrospectingTokenVerifier: AccessTokenVerifying {
    private enum Entry {
        case settled(AccessTokenVerdict, until: Date)
        case pending(Task<Resolution, Never>)
    }

    /// A verdict, and until when it may be reused (`nil`: not at all).
    struct Resolution: Sendable {
        var verdict: AccessTokenVerdict
        var until: Date?
    }

    private let introspector: any TokenIntrospecting
    private let origin: PublicOrigin
    private let environment: ServerEnvironment
    private let logger: Logger
    private let positiveLifetime: TimeInterval
    private let negativeLifetime: TimeInterval
    private let capacity: Int
    private var entries: [String: Entry] = [:]

    init(
        introspector: any TokenIntrospecting,
        origin: PublicOrigin,
        environment: ServerEnvironment,
        logger: Logger,
        positiveLifetime: TimeInterval = 60,
        negativeLifetime: TimeInterval = 10,
        capacity: Int = 10_000
    ) {
        self.introspector = introspector
        self.origin = origin
        self.environment = environment
        self.logger = logger
        self.positiveLifetime = positiveLifetime
        self.negativeLifetime = negativeLifetime
        self.capacity = capacity
    }

    /// How many tokens are remembered or being introspected.
    var count: Int { entries.count }

    func verify(accessToken: String) async -> AccessTokenVerdict {
        switch entries[accessToken] {
        case .settled(let verdict, let until) where until > environment.now():
            return verdict
        case .pending(let task):
            return await task.value.verdict
        case .settled, nil:
            break
        }
        makeRoom()
        let task = Task { [introspector, origin, environment, logger, positiveLifetime, negativeLifetime] in
            await Self.resolve(
                accessToken, introspector: introspector, resource: ProtectedResourceLocation.resource(at: origin),
                environment: environment, logger: logger, positiveLifetime: positiveLifetime,
                negativeLifetime: negativeLifetime)
        }
        entries[accessToken] = .pending(task)
        let resolution = await task.value
        entries[accessToken] = resolution.until.map { .settled(resolution.verdict, until: $0) }
        return resolution.verdict
    }

    private func makeRoom() {
        guard entries.count >= capacity else { return }
        let now = environment.now()
        entries = entries.filter { _, entry in
            if case .settled(_, let until) = entry { until > now } else { true }
        }
        while entries.count >= capacity,
            let settled = entries.first(where: { if case .settled = $0.value { true } else { false } })?.key
        {
            entries[settled] = nil
        }
    }

    @concurrent
    private static func resolve(
        _ token: String, introspector: any TokenIntrospecting, resource: String, environment: ServerEnvironment,
        logger: Logger, positiveLifetime: TimeInterval, negativeLifetime: TimeInterval
    ) async -> Resolution {
        let introspected: IntrospectedToken
        do {
            introspected = try await introspector.introspect(token)
        } catch {
            logger.info("introspection outcome=unavailable reason=\(error.reason)")
            return Resolution(verdict: .unverifiable, until: nil)
        }
        let now = environment.now()
        let refused = Resolution(verdict: .invalid, until: now.addingTimeInterval(negativeLifetime))
        guard introspected.active else {
            logger.info("introspection outcome=inactive")
            return refused
        }
        let expiry = introspected.exp.map { Date(timeIntervalSince1970: $0) }
        if let expiry, expiry <= now {
            logger.info("introspection outcome=expired")
            return refused
        }
        if let audiences = introspected.aud, !ResourceIndicator.audiences(audiences, include: resource) {
            logger.info("introspection outcome=other_resource")
            return refused
        }
        guard let account = introspected.username ?? introspected.sub, !account.isEmpty else {
            logger.info("introspection outcome=no_subject")
            return refused
        }
        logger.info("introspection outcome=active")
        let until = min(now.addingTimeInterval(positiveLifetime), expiry ?? .distantFuture)
        let verdict: AccessTokenVerdict =
            introspected.keyThumbprint.map { .boundToKey(username: account, keyThumbprint: $0) }
            ?? .valid(username: account)
        return Resolution(verdict: verdict, until: until)
    }
}
