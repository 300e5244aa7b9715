import Foundation

/// Why a `request_uri` was not honoured at the authorization endpoint (RFC 9126 §4). The reason goes to the log; the
/// browser sees one error page, or, for a request this server pushed and then forgot, is sent back to the app.
enum PushedRequestRefusal: Error, Equatable {
    /// Never issued, already used, or forgotten so long ago that nothing of it is left.
    case unknown
    /// The `client_id` beside the `request_uri` is not the one that pushed it (RFC 9126 §4).
    case clientMismatch
    /// Pushed, then forgotten before the page was opened (pushed out by the same address's newer requests, or
    /// expired): the app is still waiting at `request.redirectURI` for an answer with `request.state`.
    case forgotten(ForgottenPushedRequests.Request, reason: ForgottenPushedRequests.Reason)

    /// The reason as the log writes it.
    var logReason: String {
        switch self {
        case .unknown: "unknown"
        case .clientMismatch: "client_mismatch"
        case .forgotten(_, let reason): reason.rawValue
        }
    }
}

/// Authorization requests pushed to the PAR endpoint (RFC 9126), in memory, each under a random one-time
/// `request_uri`: the browser is sent to the authorization endpoint with only that reference, so that the request's
/// `state` and `code_challenge` never appear in a URL a process list, a history or a log can show.
///
/// A reference lives `lifetime` seconds and is spent by the first page that presents it, whatever the outcome (RFC
/// 9126 §4 lets a server treat them as one-time; here they are, so that a reference seen once cannot start a second
/// sign-in). Each client address keeps at most `perAddress` of them, and past that its own oldest is dropped, so that
/// one client pushing in a loop only ever replaces its own; at most `capacity` are kept in all (see `BoundedRecords`).
///
/// Every address is one client, so another user of the same machine can push the requests of a sign-in in progress
/// out. What is dropped before use is kept a while longer in `forgotten`, so that the page opened with it sends the
/// browser back to the app with `invalid_request_uri` and the app stops waiting, instead of the person seeing an
/// error page while the app waits for a redirect that never comes.
actor PushedAuthorizationRequests {
    private struct Record {
        var request: AuthorizationRequest
        var requestURI: String
        var address: ClientAddress
        var expiresAt: Date
    }

    /// The prefix RFC 9126 §2.2 gives as an example, which the reference's random part follows.
    static let requestURIPrefix = "urn:ietf:params:oauth:request_uri:"

    let lifetime: TimeInterval
    private let environment: ServerEnvironment
    private var records: BoundedRecords<String, Record>
    private var forgotten: ForgottenPushedRequests

    /// - Parameters:
    ///   - lifetime, perAddress, capacity: how long a `request_uri` is usable, and how many are kept per address and
    ///     in all.
    ///   - forgottenRetention, forgottenPerAddress, forgottenCapacity: the same for those dropped before use
    ///     (`ForgottenPushedRequests`).
    init(
        lifetime: TimeInterval = 60, perAddress: Int = 20, capacity: Int = 10_000,
        forgottenRetention: TimeInterval = 600, forgottenPerAddress: Int = 5_000, forgottenCapacity: Int = 20_000,
        environment: ServerEnvironment
    ) {
        self.lifetime = lifetime
        self.environment = environment
        forgotten = ForgottenPushedRequests(
            retention: forgottenRetention, perAddress: forgottenPerAddress, capacity: forgottenCapacity)
        records = BoundedRecords(capacity: capacity) { _ in perAddress }
    }

    /// Keeps `request`, pushed from `address`, and returns its `request_uri`.
    func push(_ request: AuthorizationRequest, from address: ClientAddress) -> String {
        let now = environment.now()
        for expired in records.dropOldest(while: { $0.expiresAt <= now }) {
            remember(expired, .expired, now: now)
        }
        let requestURI = Self.requestURIPrefix + environment.makeToken()
        let pushedOut = records.insert(
            Record(
                request: request, requestURI: requestURI, address: address, expiresAt: now.addingTimeInterval(lifetime)),
            id: requestURI, owners: [.address(address)])
        for record in pushedOut { remember(record, .pushedOut, now: now) }
        return requestURI
    }

    /// The request pushed under `requestURI` by `clientID`, if it is live; either way the reference cannot be used
    /// again.
    func redeem(_ requestURI: String, clientID: String?) -> Result<AuthorizationRequest, PushedRequestRefusal> {
        let now = environment.now()
        guard let record = records.remove(requestURI) else {
            guard let (request, reason) = forgotten.recall(requestURI, now: now) else { return .failure(.unknown) }
            guard request.clientID == clientID else { return .failure(.clientMismatch) }
            return .failure(.forgotten(request, reason: reason))
        }
        guard record.request.clientID == clientID else { return .failure(.clientMismatch) }
        guard record.expiresAt > now else {
            return .failure(.forgotten(ForgottenPushedRequests.Request(record.request), reason: .expired))
        }
        return .success(record.request)
    }

    /// How many references the client at `address` holds.
    func count(for address: ClientAddress) -> Int {
        records.count(of: .address(address))
    }

    private func remember(_ record: Record, _ reason: ForgottenPushedRequests.Reason, now: Date) {
        forgotten.remember(
            record.request, requestURI: record.requestURI, from: record.address, reason: reason, now: now)
    }
}
