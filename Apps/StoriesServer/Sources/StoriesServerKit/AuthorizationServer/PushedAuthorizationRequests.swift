import Foundation

/// Why a `request_uri` was not honoured at the authorization endpoint (RFC 9126 §4); the reason goes to the log, the
/// browser sees one error page.
enum PushedRequestRefusal: String, Error {
    /// Never issued, already used, or forgotten to make room.
    case unknown
    case expired
    /// The `client_id` beside the `request_uri` is not the one that pushed it (RFC 9126 §4).
    case clientMismatch = "client_mismatch"
}

/// Authorization requests pushed to the PAR endpoint (RFC 9126), in memory, each under a random one-time
/// `request_uri`: the browser is sent to the authorization endpoint with only that reference, so that the request's
/// `state` and `code_challenge` never appear in a URL a process list, a history or a log can show.
///
/// A reference lives `lifetime` seconds and is spent by the first page that presents it, whatever the outcome (RFC
/// 9126 §4 lets a server treat them as one-time; here they are, so that a reference seen once cannot start a second
/// sign-in). Each client address keeps at most `perAddress` of them, and past that its own oldest is dropped, so that
/// one client pushing in a loop only ever replaces its own; at most `capacity` are kept in all (see `BoundedRecords`).
actor PushedAuthorizationRequests {
    private struct Record {
        var request: AuthorizationRequest
        var expiresAt: Date
    }

    /// The prefix RFC 9126 §2.2 gives as an example, which the reference's random part follows.
    static let requestURIPrefix = "urn:ietf:params:oauth:request_uri:"

    let lifetime: TimeInterval
    private let environment: ServerEnvironment
    private var records: BoundedRecords<String, Record>

    init(lifetime: TimeInterval = 60, perAddress: Int = 20, capacity: Int = 10_000, environment: ServerEnvironment) {
        self.lifetime = lifetime
        self.environment = environment
        records = BoundedRecords(capacity: capacity) { _ in perAddress }
    }

    /// Keeps `request`, pushed from `address`, and returns its `request_uri`.
    func push(_ request: AuthorizationRequest, from address: ClientAddress) -> String {
        let now = environment.now()
        records.dropOldest { $0.expiresAt <= now }
        let requestURI = Self.requestURIPrefix + environment.makeToken()
        records.insert(
            Record(request: request, expiresAt: now.addingTimeInterval(lifetime)), id: requestURI,
            owners: [.address(address)])
        return requestURI
    }

    /// The request pushed under `requestURI` by `clientID`, if it is live; either way the reference cannot be used
    /// again.
    func redeem(_ requestURI: String, clientID: String?) -> Result<AuthorizationRequest, PushedRequestRefusal> {
        guard let record = records.remove(requestURI) else { return .failure(.unknown) }
        guard record.expiresAt > environment.now() else { return .failure(.expired) }
        guard record.request.clientID == clientID else { return .failure(.clientMismatch) }
        return .success(record.request)
    }

    /// How many references the client at `address` holds.
    func count(for address: ClientAddress) -> Int {
        records.count(of: .address(address))
    }
}
