import Authorization
import DomainFailure
import Foundation
import OnboardingDomain
import Synchronization

/// `DeviceSignInService` over the device authorization grant (RFC 8628) at the authorization server discovery finds,
/// and the session, which remembers that server.
///
/// Polls no sooner than the server's interval, adds 5 seconds to it at every `slow_down` (§3.5), doubles it after a
/// timeout or a busy answer (§3.5) and fails at once on anything else that is not a polling answer, stops at the
/// code's expiry without another request, and ends with `cancelled` as soon as the calling task is cancelled (the
/// sleep is where it waits, and it is cancellable). The clock and the sleep are injected, so tests need no real time.
public final class APIDeviceSignInService: DeviceSignInService {
    /// Thrown (as the cause of `unexpected`) when a code is completed that this service did not start, or already
    /// completed.
    public struct UnknownTicket: Error, Equatable, Sendable {}

    /// What RFC 8628 §3.5 adds to the interval at every `slow_down`.
    static let slowDownIncrement: Duration = .seconds(5)

    private let authorizer: any DeviceAuthorizing
    private let discovery: any AuthorizationServerDiscovering
    /// The server each started sign-in's code came from, by its ticket, until it completes.
    private let pending = Mutex<[String: AuthorizationServer]>([:])
    private let session: any SessionManaging
    private let identifier: any AccountIdentifying
    private let scope: String?
    private let now: @Sendable () -> Date
    private let sleep: @Sendable (Duration) async throws -> Void

    /// - Parameters:
    ///   - authorizer: the device authorization and token endpoints (a client without authorisation).
    ///   - discovery: finds the authorization server whose endpoints `authorizer` is sent to.
    ///   - session: where the approved tokens are stored, under the same lock as a password sign-in.
    ///   - identifier: names the account the approved tokens belong to; the token response does not.
    ///   - scope: the scope to ask for, if any.
    ///   - now: the wall clock the code's expiry is read against.
    ///   - sleep: waits the given time; throws when the waiting task is cancelled (as `Task.sleep(for:)` does).
    public init(
        authorizer: any DeviceAuthorizing,
        discovery: any AuthorizationServerDiscovering,
        session: any SessionManaging,
        identifier: any AccountIdentifying,
        scope: String? = nil,
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.authorizer = authorizer
        self.discovery = discovery
        self.session = session
        self.identifier = identifier
        self.scope = scope
        self.now = now
        self.sleep = sleep
    }

    public func startDeviceSignIn() async throws(OnboardingError) -> DeviceSignInCode {
        let discovered = try await discovery.serverForSignIn()
        if let metadata = discovered.metadata, !metadata.offersDeviceSignIn { throw .deviceSignInUnsupported }
        let authorization: DeviceAuthorization
        do {
            authorization = try await authorizer.requestDeviceAuthorization(scope: scope, at: discovered.server)
        } catch {
            throw OnboardingError(error)
        }
        pending.withLock { $0[authorization.deviceCode.unredacted] = discovered.server }
        return DeviceSignInCode(
            userCode: authorization.userCode,
            verificationURI: authorization.verificationURI,
            verificationURIComplete: authorization.verificationURIComplete,
            expiresAt: authorization.expiresAt,
            pollingInterval: authorization.interval,
            ticket: DeviceSignInTicket(authorization.deviceCode.unredacted)
        )
    }

    public func completeDeviceSignIn(_ code: DeviceSignInCode) async throws(OnboardingError) -> SignInResult {
        let deviceCode = Secret(code.ticket.unredacted)
        guard let server = pending.withLock({ $0[code.ticket.unredacted] }) else {
            throw .unexpected(FailureCause(UnknownTicket()))
        }
        defer { pending.withLock { $0[code.ticket.unredacted] = nil } }
        var interval = code.pollingInterval
        while true {
            do {
                try await sleep(interval)
            } catch {
                throw .cancelled
            }
            guard !Task.isCancelled else { throw .cancelled }
            guard now() < code.expiresAt else { throw .deviceSignInExpired }
            let outcome: DevicePollOutcome
            do {
                outcome = try await authorizer.pollDeviceAuthorization(deviceCode: deviceCode, at: server)
            } catch .unreachable(let failure) where failure.mayHaveReachedServer {
                // RFC 8628 §3.5: after a connection timeout the client MUST poll less often; doubling is what it
                // recommends. The code's expiry still ends the wait.
                interval *= 2
                continue
            } catch .unavailable {
                // A busy server (429, 503) is asked less often too, rather than giving up on a code the person may
                // be approving right now.
                interval *= 2
                continue
            } catch .invalidGrant {
                // RFC 8628 §3.5 answers a code the server does not know with invalid_grant: the server forgot this
                // code (replaced by newer ones from the same address), not a password it refused.
                throw .deviceSignInForgotten
            } catch {
                throw OnboardingError(error)
            }
            switch outcome {
            case .pending: continue
            case .slowDown: interval += Self.slowDownIncrement
            case .denied: throw .deviceSignInDenied
            case .expired: throw .deviceSignInExpired
            case .granted(let grant):
                do {
                    return SignInResult(
                        try await session.signIn(with: grant, identifiedBy: identifier, issuedBy: server))
                } catch {
                    throw OnboardingError(error)
                }
            }
        }
    }
}
