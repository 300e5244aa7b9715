import Authorization
import Foundation
import Synchronization

/// A device authorization server the test scripts: it starts one authorization and answers each poll with the next
/// scripted outcome (the last one again once they run out), counting the polls.
final class ScriptedDeviceAuthorizer: DeviceAuthorizing {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    private let outcomes: Mutex<[DevicePollOutcome]>
    /// Failures thrown instead of an outcome, by poll number (from 1).
    private let failures: [Int: TokenEndpointError]
    private let polled = Mutex<[Secret]>([])
    private let servers = Mutex<[AuthorizationServer]>([])
    let authorization: DeviceAuthorization

    init(
        _ outcomes: [DevicePollOutcome], failing failures: [Int: TokenEndpointError] = [:],
        interval: Duration = .seconds(5), expiresIn: TimeInterval = 600
    ) {
        self.outcomes = Mutex(outcomes)
        self.failures = failures
        authorization = DeviceAuthorization(
            deviceCode: Secret("device-code-1"), userCode: "BCDF-GHJK",
            verificationURI: URL(string: "https://api.example.com/device")!,
            verificationURIComplete: URL(string: "https://api.example.com/device?user_code=BCDF-GHJK")!,
            expiresAt: Self.start.addingTimeInterval(expiresIn), interval: interval)
    }

    /// The device codes presented, one per poll.
    var polls: [Secret] { polled.withLock { $0 } }
    /// The authorization server each request was sent to, the start first.
    var requestedServers: [AuthorizationServer] { servers.withLock { $0 } }

    func requestDeviceAuthorization(
        scope: String?, at server: AuthorizationServer
    ) async throws(TokenEndpointError) -> DeviceAuthorization {
        servers.withLock { $0.append(server) }
        return authorization
    }

    func pollDeviceAuthorization(
        deviceCode: Secret, at server: AuthorizationServer
    ) async throws(TokenEndpointError) -> DevicePollOutcome {
        servers.withLock { $0.append(server) }
        let number = polled.withLock { polls in
            polls.append(deviceCode)
            return polls.count
        }
        if let failure = failures[number] { throw failure }
        return outcomes.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
    }
}

/// A wall clock that moves only when the code under test sleeps, by exactly the time slept; it records each sleep,
/// and the sleep numbered `cancelledAt` (from 1) throws `CancellationError` as a cancelled `Task.sleep` does.
final class SleepRecordingClock: Sendable {
    private let state = Mutex((now: ScriptedDeviceAuthorizer.start, sleeps: [Duration]()))
    private let cancelledAt: Int?

    init(cancelledAt: Int? = nil) { self.cancelledAt = cancelledAt }

    var sleeps: [Duration] { state.withLock { $0.sleeps } }
    var now: @Sendable () -> Date { { self.state.withLock { $0.now } } }
    var sleep: @Sendable (Duration) async throws -> Void {
        { duration in
            let number = self.state.withLock { state in
                state.sleeps.append(duration)
                state.now += TimeInterval(duration.components.seconds)
                return state.sleeps.count
            }
            if number == self.cancelledAt { throw CancellationError() }
        }
    }
}

/// Names the account the test says, for any token.
struct FixedAccountIdentifier: AccountIdentifying {
    var account: String

    func account(authorizedBy accessToken: Secret) async throws -> String { account }
}
