import Foundation

/// Pushed authorization requests dropped before their page was opened, remembered a while by `request_uri`, so that
/// the authorization endpoint can still send the browser back to the app that waits for it, with
/// `error=invalid_request_uri` and the request's `state` (RFC 9126 §4, RFC 9101 §6.3): the client and redirect URI
/// were checked when the request was pushed, so RFC 6749 §4.1.2.1 lets the error go to the redirect URI.
///
/// Bounded as the live requests are (`BoundedRecords`): each client address keeps at most `perAddress` of them, its
/// oldest making room, at most `capacity` in all, each for `retention` seconds, and each can be recalled once. A
/// neighbour on the same address who pushes more than `perAddress` requests between a victim's push and the victim's
/// page pushes the victim's memory out too; that page then shows the error page, as without this table.
struct ForgottenPushedRequests {
    /// Why a request was forgotten, as the log writes it.
    enum Reason: String, Sendable, Equatable {
        /// The same address pushed more requests than it may keep.
        case pushedOut = "pushed_out"
        /// Its lifetime ran out before its page was opened.
        case expired
    }

    /// What is kept of a forgotten request: where its app waits, and what it must be answered with.
    struct Request: Sendable, Equatable {
        var clientID: String
        var redirectURI: LoopbackRedirectURI
        var state: String?

        init(_ request: AuthorizationRequest) {
            clientID = request.clientID
            redirectURI = request.redirectURI
            state = request.state
        }
    }

    private struct Memory {
        var request: Request
        var reason: Reason
        var until: Date
    }

    let retention: TimeInterval
    private var memories: BoundedRecords<String, Memory>

    init(retention: TimeInterval, perAddress: Int, capacity: Int) {
        self.retention = retention
        memories = BoundedRecords(capacity: capacity) { _ in perAddress }
    }

    /// Remembers `request`, pushed from `address` under `requestURI`, forgotten at `now` for `reason`.
    mutating func remember(
        _ request: AuthorizationRequest, requestURI: String, from address: ClientAddress, reason: Reason, now: Date
    ) {
        memories.dropOldest { $0.until <= now }
        memories.insert(
            Memory(request: Request(request), reason: reason, until: now.addingTimeInterval(retention)), id: requestURI,
            owners: [.address(address)])
    }

    /// The request once pushed under `requestURI` and why it was forgotten, if it is still remembered; it is not
    /// remembered after this.
    mutating func recall(_ requestURI: String, now: Date) -> (Request, Reason)? {
        memories.dropOldest { $0.until <= now }
        guard let memory = memories.remove(requestURI), memory.until > now else { return nil }
        return (memory.request, memory.reason)
    }
}
