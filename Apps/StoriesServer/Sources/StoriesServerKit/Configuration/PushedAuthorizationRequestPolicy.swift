/// How the sign-in page takes pushed authorization requests (RFC 9126): whether the metadata names the PAR endpoint,
/// and whether a request that was not pushed is still accepted.
public enum PushedAuthorizationRequestPolicy: String, Sendable, CaseIterable {
    /// The metadata names the PAR endpoint; the sign-in page takes pushed and plain requests.
    case optional
    /// The metadata names it and says `require_pushed_authorization_requests`; a plain request gets the error page.
    case required
    /// The metadata does not name it (as a server without RFC 9126 would not), so clients send plain requests: for
    /// tests of clients that must work with such servers.
    case unpublished
}
