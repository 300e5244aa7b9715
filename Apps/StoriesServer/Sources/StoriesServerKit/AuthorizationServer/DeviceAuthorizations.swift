import Foundation

/// A started device authorization, as the device authorization endpoint answers it (RFC 8628 §3.2).
struct StartedDeviceAuthorization: Sendable {
    var deviceCode: String
    /// In the form shown to people, `XXXX-XXXX`.
    var userCode: String
    var expiresIn: Int
    var interval: Int
}

/// What a poll of the token endpoint with a device code finds (RFC 8628 §3.5).
enum DevicePoll: Equatable, Sendable {
    case pending
    /// Polled sooner than the interval allows; the interval has grown by `slowDownIncrement`.
    case slowDown
    case denied
    case expired
    /// Approved by `username`: the poll that receives this spends the code.
    case approved(username: String, request: PendingDeviceRequest)
    /// Unknown, another client's, or already exchanged for tokens: `invalid_grant`.
    case refused(DeviceCodeRefusal)
}

/// Why a device code was refused; the reason goes to the log.
enum DeviceCodeRefusal: String, Sendable {
    case unknown
    case clientMismatch = "client_mismatch"
    case redeemed
}

/// What a device asked for: the verification page shows it, and the tokens are granted for it.
struct PendingDeviceRequest: Sendable, Equatable {
    var clientID: String
    var scope: String?
    var resource: RequestedResource = .unspecified
}

/// Device authorizations (RFC 8628), in memory: started by a device, approved or denied by a person on the
/// verification page, polled by the device until then, exchanged for tokens once.
///
/// Each poll records its time; one sooner than the interval after the previous poll is answered `slow_down` and
/// the interval grows by 5 seconds for every later poll (§3.5). Expired authorizations are kept for `retention`
/// seconds, answering `expired_token`, then forgotten. At most `capacity` are kept.
actor DeviceAuthorizations {
    private enum Decision {
        case pending
        case approved(username: String)
        case denied
        case redeemed
    }

    private struct Record {
        var userCode: String
        var request: PendingDeviceRequest
        var expiresAt: Date
        var interval: TimeInterval
        var lastPoll: Date?
        var decision: Decision = .pending
    }

    static let slowDownIncrement: TimeInterval = 5

    private let lifetime: TimeInterval
    private let interval: TimeInterval
    private let retention: TimeInterval
    private let capacity: Int
    private let environment: ServerEnvironment
    private let makeUserCode: @Sendable () -> String
    private var records: [String: Record] = [:]
    /// Normalized user code → device code.
    private var deviceCodes: [String: String] = [:]

    init(
        lifetime: TimeInterval = 600,
        interval: TimeInterval = 5,
        retention: TimeInterval = 600,
        capacity: Int = 10_000,
        environment: ServerEnvironment,
        makeUserCode: @escaping @Sendable () -> String = UserCode.random
    ) {
        self.lifetime = lifetime
        self.interval = interval
        self.retention = retention
        self.capacity = capacity
        self.environment = environment
        self.makeUserCode = makeUserCode
    }

    /// Starts an authorization for `request`, or returns `nil` when `capacity` are outstanding.
    func start(_ request: PendingDeviceRequest) -> StartedDeviceAuthorization? {
        let now = environment.now()
        for (deviceCode, record) in records where record.expiresAt.addingTimeInterval(retention) <= now {
            records[deviceCode] = nil
            deviceCodes[record.userCode] = nil
        }
        guard records.count < capacity else { return nil }
        // A live code is never handed out twice. With 20⁸ codes a repeat is rare, but the generator is injected.
        var userCode = ""
        for _ in 0..<16 {
            guard let candidate = UserCode.normalized(makeUserCode()) else { continue }
            if deviceCodes[candidate] == nil {
                userCode = candidate
                break
            }
        }
        guard !userCode.isEmpty else { return nil }
        let deviceCode = environment.makeToken()
        records[deviceCode] = Record(
            userCode: userCode,
            request: request,
            expiresAt: now.addingTimeInterval(lifetime),
            interval: interval
        )
        deviceCodes[userCode] = deviceCode
        return StartedDeviceAuthorization(
            deviceCode: deviceCode,
            userCode: UserCode.display(userCode),
            expiresIn: Int(lifetime.rounded(.up)),
            interval: Int(interval.rounded(.up))
        )
    }

    /// Answers a device polling with `deviceCode`. Approval is handed out once: the poll that receives it spends it.
    func poll(deviceCode: String, clientID: String) -> DevicePoll {
        guard var record = records[deviceCode] else { return .refused(.unknown) }
        guard record.request.clientID == clientID else { return .refused(.clientMismatch) }
        if case .redeemed = record.decision { return .refused(.redeemed) }
        let now = environment.now()
        guard now < record.expiresAt else { return .expired }
        defer { records[deviceCode] = record }
        let previous = record.lastPoll
        record.lastPoll = now
        if let previous, now.timeIntervalSince(previous) < record.interval {
            record.interval += Self.slowDownIncrement
            return .slowDown
        }
        switch record.decision {
        case .pending: return .pending
        case .denied: return .denied
        case .redeemed: return .refused(.redeemed)
        case .approved(let username):
            record.decision = .redeemed
            return .approved(username: username, request: record.request)
        }
    }

    /// The live, undecided request behind `userCode` (as typed), if any.
    func pendingRequest(userCode: String) -> PendingDeviceRequest? {
        pendingRecord(userCode: userCode)?.record.request
    }

    /// Approves (with the signed-in `username`) or denies the live, undecided request behind `userCode`. Returns
    /// `false` if there is none.
    func decide(userCode: String, approvedBy username: String?) -> Bool {
        guard let (deviceCode, _) = pendingRecord(userCode: userCode) else { return false }
        records[deviceCode]?.decision = username.map { .approved(username: $0) } ?? .denied
        return true
    }

    private func pendingRecord(userCode: String) -> (deviceCode: String, record: Record)? {
        guard let normalized = UserCode.normalized(userCode), let deviceCode = deviceCodes[normalized],
            let record = records[deviceCode], record.expiresAt > environment.now(),
            case .pending = record.decision
        else { return nil }
        return (deviceCode, record)
    }
}
